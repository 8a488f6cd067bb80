/**
 * Every record's audit history is cached under `['audit', path]`; features build theirs with `auditKeys.of`. Apart
 * from AuditHistory.tsx so the features' API modules can invalidate a history without loading the list's code.
 */
export const auditKeys = {
  all: ['audit'] as const,
  of: (path: string) => [...auditKeys.all, path] as const,
};
export const AUDIT_PERMISSION = 'ver-auditoria';
