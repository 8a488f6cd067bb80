import type { ConditionGroup } from '@atiende/contracts';
import { sql } from 'drizzle-orm';
import { compileConditions } from './conditions.sql.js';

/**
 * Whom an outbound module reaches (bulk messaging's accounts step, dialers): customers matching conditions on their
 * own fields, in a campaign's accounts when asked, all of them or only selected ones.
 */
export interface AudienceAccounts {
  conditions: ConditionGroup;
  campaignAccountsOnly: boolean;
  sendTo: 'all' | 'selected';
  customerIds: number[];
}

/** Who the audience holds: its customers, with their first contact of the given contact types. */
export interface AudienceSpec {
  accounts: AudienceAccounts;
  campaignId: number;
  /** Catalogue ids of the contact types that reach the customer (the first one found, by position, is used). */
  contactTypeIds: number[];
  now: number;
}

/**
 * A customer's contacts are read by `customer_id` alone, their type filtered after (`array_position`, which no index
 * serves): with stale statistics — right after an import — the planner otherwise joined the by-type index for every
 * customer, reading every contact of those types once per customer (a 100,000-customer run took minutes to choose).
 *
 * The audience as SQL: customers matching the conditions (the condition language's `customer.*` fields read `cu`
 * and `t.customer_id`, so `t` is the customer itself here), in the campaign's accounts when asked, among the
 * selected ones when asked; `c` is their contact (`c.value`; none: no row unless `contact` is optional). It ends in
 * an open `where`: callers add `and ...` conditions, `order by` and `limit`.
 */
export function audienceFrom(spec: AudienceSpec, options: { contact: 'required' | 'optional' }) {
  const { accounts } = spec;
  const typeIds = spec.contactTypeIds.length ? spec.contactTypeIds : [-1];
  const join = options.contact === 'required' ? sql`join lateral` : sql`left join lateral`;
  return sql`customers cu
    cross join lateral (select cu.id as customer_id) t
    ${join} (
      select cc.value from customer_contacts cc
      where cc.customer_id = cu.id
        and array_position(${`{${typeIds.join(',')}}`}::bigint[], cc.type_id) is not null
      order by array_position(${`{${typeIds.join(',')}}`}::bigint[], cc.type_id), cc.position, cc.id limit 1
    ) c on true
    where ${compileConditions(accounts.conditions, spec.now)}
    ${
      accounts.campaignAccountsOnly
        ? sql`and exists (select 1 from campaign_customers k where k.campaign_id = ${spec.campaignId} and k.customer_id = cu.id)`
        : sql``
    }
    ${
      accounts.sendTo === 'selected'
        ? sql`and cu.id = any(${`{${accounts.customerIds.join(',') || '-1'}}`}::bigint[])`
        : sql``
    }`;
}
