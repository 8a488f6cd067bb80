/**
 * The customers module's pages (lazy-loadable named exports). Route → export:
 * - /app/customers → CustomersPage
 * - /app/customers/add → <CustomerFormPage mode="create" />
 * - /app/customers/:id/edit → <CustomerFormPage mode="edit" />
 * - /app/customers/:id/view → CustomerViewPage
 * - /app/customers/import (permission importar-clientes) → CustomerImportPage
 * Each page module registers the module's texts (./i18n) when it loads.
 */
export { CustomerFormPage } from './CustomerFormPage';
export { CustomerImportPage } from './CustomerImportPage';
export { CustomersPage } from './CustomersPage';
export { CustomerViewPage } from './CustomerViewPage';
