import './i18n';
import type { Customer } from '@atiende/contracts';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { DetailList } from '../../ui/DetailList';
import { EmptyState } from '../../ui/EmptyState';
import { formatDate, formatDateTime } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { StatusPage } from '../../ui/StatusPage';
import { AuditHistory } from '../audit/AuditHistory';
import { AUDIT_PERMISSION } from '../audit/keys';
import { useCustomer } from './api';
import { CustomerDashboardTab, CustomerTicketsTab } from './CustomerWork';
import { LabelChips } from './components';
import { contactKind, parseCustomerId } from './model';

const TABS = ['information', 'contacts', 'tickets', 'related', 'dashboard', 'history'] as const;
type CustomerTab = (typeof TABS)[number];

function ContactValue({ value, code }: { value: string; code: string | null }) {
  const kind = contactKind(code);
  if (kind === 'email') return <Link href={`mailto:${value}`}>{value}</Link>;
  if (kind === 'phone') {
    return (
      <Link href={`tel:${value.replace(/[^0-9+]/g, '')}`} dir="ltr">
        {value}
      </Link>
    );
  }
  return <>{value}</>;
}

function InformationTab({ customer }: { customer: Customer }) {
  const { t, i18n } = useTranslation();
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
          <Avatar sx={{ width: 64, height: 64, fontSize: 26, bgcolor: 'primary.main' }}>
            {customer.firstName.slice(0, 1).toUpperCase()}
            {customer.lastName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" data-testid="customer-full-name">
              {customer.fullName}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="customer-document">
              {customer.identificationType.abbr ?? customer.identificationType.name} {customer.identificationNumber}
            </Typography>
          </Box>
        </Box>
        <DetailList
          rows={[
            { label: t('customers.fields.identificationType'), value: customer.identificationType.name },
            { label: t('customers.fields.identificationNumber'), value: customer.identificationNumber },
            { label: t('customers.fields.firstName'), value: customer.firstName },
            { label: t('customers.fields.middleName'), value: customer.middleName },
            { label: t('customers.fields.lastName'), value: customer.lastName },
            { label: t('customers.fields.secondLastName'), value: customer.secondLastName },
            { label: t('customers.fields.birthday'), value: formatDate(customer.birthday, i18n.language) },
            { label: t('customers.fields.gender'), value: t(`customers.genders.${customer.gender}`) },
            {
              label: t('customers.fields.labels'),
              testId: 'customer-view-labels',
              value: customer.labels.length ? <LabelChips labels={customer.labels} /> : null,
            },
            { label: t('customers.fields.owner'), value: customer.owner?.nombre, testId: 'customer-view-owner' },
            { label: t('customers.fields.email'), value: customer.primaryEmail },
            { label: t('customers.fields.phone'), value: customer.primaryPhone },
            { label: t('common.createdAt'), value: formatDateTime(customer.createdAt, i18n.language) },
            { label: t('common.updatedAt'), value: formatDateTime(customer.updatedAt, i18n.language) },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function ContactsTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  if (customer.contacts.length === 0) {
    return (
      <Card variant="outlined">
        <EmptyState
          data-testid="customer-contacts-empty"
          icon={<ContactPhoneOutlinedIcon fontSize="inherit" />}
          title={t('customers.view.noContacts')}
        />
      </Card>
    );
  }
  return (
    <Card variant="outlined">
      <TableContainer>
        <Table size="small" data-testid="customer-contacts-table">
          <TableHead>
            <TableRow>
              {['type', 'label', 'value', 'areaCode', 'extension', 'zone', 'city'].map((column) => (
                <TableCell key={column} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {t(`customers.contact.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {customer.contacts.map((contact) => (
              <TableRow key={contact.id} data-testid={`customer-contact-row-${contact.id}`}>
                <TableCell>{contact.type.name}</TableCell>
                <TableCell>{contact.label ?? '—'}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <ContactValue value={contact.value} code={contact.type.code} />
                </TableCell>
                <TableCell>{contact.areaCode ?? '—'}</TableCell>
                <TableCell>{contact.extension ?? '—'}</TableCell>
                <TableCell>{contact.zone ?? '—'}</TableCell>
                <TableCell>{contact.city?.name ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Card>
  );
}

function RelatedTab({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  if (customer.related.length === 0) {
    return (
      <Card variant="outlined">
        <EmptyState
          data-testid="customer-related-empty"
          icon={<PeopleOutlineIcon fontSize="inherit" />}
          title={t('customers.view.noRelated')}
        />
      </Card>
    );
  }
  return (
    <Card variant="outlined">
      <List disablePadding data-testid="customer-related-list">
        {customer.related.map((item) => (
          <ListItemButton
            key={item.id}
            divider
            component={RouterLink}
            to={`/app/customers/${item.id}/view`}
            data-testid={`customer-related-${item.id}`}
          >
            <ListItemText primary={item.fullName} secondary={item.identificationNumber} />
          </ListItemButton>
        ))}
      </List>
    </Card>
  );
}

/** /app/customers/:id/view: information, contact data, tickets, related customers, dashboard and history tabs. */
export function CustomerViewPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const id = parseCustomerId(useParams().id);
  const customer = useCustomer(id);
  const [tab, setTab] = useState<CustomerTab>('information');

  if (id === null || customer.isError) {
    return (
      <StatusPage
        title={t('pages.notFound.title')}
        description={customer.error?.message ?? t('pages.notFound.description')}
        data-testid="customer-not-found"
      />
    );
  }
  if (!customer.data) return <PageLoader />;
  const data = customer.data;
  const tabs = TABS.filter((item) => item !== 'history' || can(AUDIT_PERMISSION));

  return (
    <PageContainer maxWidth={1080}>
      <PageHeader
        title={data.fullName}
        subtitle={`${data.identificationType.abbr ?? data.identificationType.name} ${data.identificationNumber}`}
        backTo="/app/customers"
        actions={
          can('editar-cliente') ? (
            <Button
              component={RouterLink}
              to={`/app/customers/${data.id}/edit`}
              variant="contained"
              startIcon={<EditIcon />}
              data-testid="customer-edit"
            >
              {t('common.edit')}
            </Button>
          ) : null
        }
      />
      <Tabs
        value={tab}
        onChange={(_, value: CustomerTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((item) => (
          <Tab
            key={item}
            value={item}
            label={
              item === 'contacts'
                ? `${t('customers.tabs.contacts')} (${data.contacts.length})`
                : item === 'related'
                  ? `${t('customers.tabs.related')} (${data.related.length})`
                  : t(`customers.tabs.${item}`)
            }
            data-testid={`customer-tab-${item}`}
          />
        ))}
      </Tabs>
      {tab === 'information' ? <InformationTab customer={data} /> : null}
      {tab === 'contacts' ? <ContactsTab customer={data} /> : null}
      {tab === 'tickets' ? <CustomerTicketsTab customerId={data.id} /> : null}
      {tab === 'related' ? <RelatedTab customer={data} /> : null}
      {tab === 'dashboard' ? <CustomerDashboardTab customerId={data.id} /> : null}
      {tab === 'history' ? (
        <Card variant="outlined">
          <CardContent>
            <AuditHistory path={`customers/${data.id}/audit`} title="" />
          </CardContent>
        </Card>
      ) : null}
    </PageContainer>
  );
}
