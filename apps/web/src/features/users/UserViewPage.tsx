import type { UserDetail } from '@atiende/contracts';
import EditIcon from '@mui/icons-material/Edit';
import PhoneIcon from '@mui/icons-material/Phone';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { usePermissions } from '../../app/queries';
import { DetailList } from '../../ui/DetailList';
import { EmptyState } from '../../ui/EmptyState';
import { EnabledChip } from '../../ui/EnabledChip';
import { formatDate, formatDateTime } from '../../ui/format';
import { lazyNamed, MountWhenOpened } from '../../ui/lazy';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { StatusPage } from '../../ui/StatusPage';
import { AuditHistory } from '../audit/AuditHistory';
import { AUDIT_PERMISSION } from '../audit/keys';
import { roleLabel } from '../permissions/roleLabel';
import { useUser } from './api';
import { UserAgendaTab, UserCampaignsTab, UserCustomersTab, UserStatsTab } from './UserWork';

const DeskPhoneDialog = lazyNamed(() => import('./DeskPhoneDialog'), 'DeskPhoneDialog');

/** The read-only card of a user (also the own profile page). */
export function UserDetailCard({ user }: { user: UserDetail }) {
  const { t, i18n } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
          <Avatar src={user.url_image ?? undefined} alt={user.nombre} sx={{ width: 72, height: 72, fontSize: 30 }}>
            {user.nombre.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" data-testid="profile-name">
              {user.nombre}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="profile-email">
              {user.email}
            </Typography>
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <EnabledChip enabled={user.enabled} />
        </Box>
        <DetailList
          rows={[
            { label: t('users.fields.username'), value: user.username },
            {
              label: t('users.fields.roles'),
              testId: 'profile-roles',
              value: (
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {user.roles.map((role) => (
                    <Chip key={role.id} size="small" label={roleLabel(role, t)} />
                  ))}
                </Box>
              ),
            },
            {
              label: t('users.fields.skills'),
              value: user.skills.length ? (
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {user.skills.map((skill) => (
                    <Chip key={skill.id} size="small" variant="outlined" label={skill.name} />
                  ))}
                </Box>
              ) : null,
            },
            { label: t('users.fields.extension'), value: user.extension },
            { label: t('users.fields.position'), value: user.position },
            { label: t('users.fields.department'), value: user.department },
            { label: t('users.fields.birthday'), value: formatDate(user.birthday, i18n.language) },
            { label: t('users.fields.phone'), value: user.phone },
            { label: t('users.fields.mobilephone'), value: user.mobilephone },
            { label: t('users.fields.address'), value: user.address },
            { label: t('users.fields.facebook'), value: user.facebook },
            { label: t('users.fields.twitter'), value: user.twitter },
            { label: t('users.fields.instagram'), value: user.instagram },
            { label: t('users.fields.mfa'), value: yesNo(user.mfa) },
            { label: t('common.createdAt'), value: formatDateTime(user.createdAt, i18n.language) },
            { label: t('common.updatedAt'), value: formatDateTime(user.updatedAt, i18n.language) },
          ]}
        />
      </CardContent>
    </Card>
  );
}

const TABS = ['information', 'statistics', 'agenda', 'campaigns', 'customers', 'history'] as const;
type UserTab = (typeof TABS)[number];
const PENDING_MODULE: Partial<Record<UserTab, string>> = {};

/** /app/users/:id/view: tabs with the information, the future modules' tabs and the audit history. */
export function UserViewPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const id = parseId(useParams().id);
  const user = useUser(id);
  const [tab, setTab] = useState<UserTab>('information');
  const [deskPhoneOpen, setDeskPhoneOpen] = useState(false);

  if (id === null || user.isError) {
    return (
      <StatusPage
        title={t('pages.notFound.title')}
        description={user.error?.message ?? t('pages.notFound.description')}
        data-testid="user-not-found"
      />
    );
  }
  if (!user.data) return <PageLoader />;
  const tabs = TABS.filter((item) => item !== 'history' || can(AUDIT_PERMISSION));
  const pending = PENDING_MODULE[tab];

  return (
    <PageContainer maxWidth={960}>
      <PageHeader
        title={user.data.nombre}
        subtitle={user.data.email}
        backTo="/app/users"
        actions={
          can('editar-usuario') ? (
            <>
              <Button
                variant="outlined"
                startIcon={<PhoneIcon />}
                onClick={() => setDeskPhoneOpen(true)}
                data-testid="user-desk-phone"
              >
                {t('users.deskPhone.open')}
              </Button>
              <Button
                component={RouterLink}
                to={`/app/users/${user.data.id}/edit`}
                variant="contained"
                startIcon={<EditIcon />}
                data-testid="user-edit"
              >
                {t('common.edit')}
              </Button>
            </>
          ) : null
        }
      />
      <MountWhenOpened when={deskPhoneOpen}>
        <DeskPhoneDialog open={deskPhoneOpen} extension={user.data.extension} onClose={() => setDeskPhoneOpen(false)} />
      </MountWhenOpened>
      <Tabs
        value={tab}
        onChange={(_, value: UserTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((item) => (
          <Tab key={item} value={item} label={t(`users.tabs.${item}`)} data-testid={`user-tab-${item}`} />
        ))}
      </Tabs>
      {tab === 'information' ? <UserDetailCard user={user.data} /> : null}
      {pending ? (
        <Card variant="outlined">
          <EmptyState
            data-testid={`user-tab-empty-${tab}`}
            title={t(`users.tabs.${tab}`)}
            description={t('users.tabs.pending', { module: t(`menu.items.${pending}`) })}
          />
        </Card>
      ) : null}
      {tab === 'statistics' ? <UserStatsTab userId={user.data.id} /> : null}
      {tab === 'agenda' ? <UserAgendaTab userId={user.data.id} /> : null}
      {tab === 'campaigns' ? <UserCampaignsTab userId={user.data.id} /> : null}
      {tab === 'customers' ? <UserCustomersTab userId={user.data.id} /> : null}
      {tab === 'history' ? (
        <Card variant="outlined">
          <CardContent>
            <AuditHistory path={`users/${user.data.id}/audit`} title="" />
          </CardContent>
        </Card>
      ) : null}
    </PageContainer>
  );
}
