import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogueEntries } from '../catalogues/catalogues.schema.js';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 200 }).notNull(),
    username: varchar('username', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    extension: varchar('extension', { length: 20 }),
    position: varchar('position', { length: 120 }),
    department: varchar('department', { length: 120 }),
    birthday: date('birthday'),
    phone: varchar('phone', { length: 40 }),
    mobilephone: varchar('mobilephone', { length: 40 }),
    address: varchar('address', { length: 300 }),
    facebook: varchar('facebook', { length: 200 }),
    twitter: varchar('twitter', { length: 200 }),
    instagram: varchar('instagram', { length: 200 }),
    imagePath: varchar('image_path', { length: 300 }),
    /** 'person' signs in with a password; 'integration' stands behind an API credential and never signs in. */
    kind: varchar('kind', { length: 20 }).notNull().default('person'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    index('users_name_idx').on(table.name),
    index('users_created_idx').on(table.createdAt),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 60 }).notNull(),
    label: varchar('label', { length: 120 }).notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('roles_name_unique').on(table.name)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] }), index('user_roles_role_idx').on(table.roleId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: varchar('permission', { length: 80 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permission] })],
);

/** A user's skills (entries of the `skill` catalogue), used by skills-based routing. */
export const userSkills = pgTable(
  'user_skills',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: bigint('skill_id', { mode: 'number' })
      .notNull()
      .references(() => catalogueEntries.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.skillId] }), index('user_skills_skill_idx').on(table.skillId)],
);
