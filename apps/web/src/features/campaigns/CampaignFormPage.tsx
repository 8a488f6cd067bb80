import { type Campaign, campaignBodySchema } from '@atiende/contracts';
import SaveIcon from '@mui/icons-material/Save';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { parseId } from '../../ui/params';
import { Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { type FieldErrors, useFormErrors } from '../../ui/useFormErrors';
import { AuditHistory } from '../audit/AuditHistory';
import { CampaignAccounts } from '../customers/CustomerWork';
import { useCampaign, useSaveCampaign } from './api';
import { AgentsPanel } from './form/AgentsTab';
import { CampaignTabPanel } from './form/CampaignTab';
import { ChannelsPanel } from './form/ChannelsTab';
import { ConfigurationPanel } from './form/ConfigurationTab';
import { CustomTabsPanel } from './form/CustomTabsTab';
import { ScriptsPanel } from './form/ScriptsTab';
import { SupervisorsPanel } from './form/SupervisorsTab';
import type { Setter } from './form/shared';
import {
  CAMPAIGN_TABS,
  type CampaignFormState,
  type CampaignTab,
  campaignFormToBody,
  campaignToForm,
  emptyCampaignForm,
  firstTabWithError,
  tabsWithErrors,
} from './model';

function CampaignForm({ id, initial }: { id: number | null; initial: CampaignFormState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const save = useSaveCampaign();
  const [state, setState] = useState(initial);
  const body = useMemo(() => campaignFormToBody(state), [state]);
  const form = useFormErrors({ values: body, schema: campaignBodySchema });
  const { errors } = form;
  const [tab, setTab] = useState<CampaignTab>('campaign');
  const flagged = useMemo(() => tabsWithErrors(errors), [errors]);

  // The first tab holding an error opens; the form then brings its first invalid field into view.
  const showErrors = (found: FieldErrors) => {
    form.show(found);
    const first = firstTabWithError(found);
    if (first) setTab(first);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = form.validate();
    if (Object.keys(found).length > 0) {
      showErrors(found);
      feedback.notify(t('validation.fixErrors'), 'error');
      return;
    }
    form.reset();
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          feedback.success(t('campaigns.saved'));
          navigate('/app/campaigns');
        },
        onError: (error) => feedback.failure(error, showErrors),
      },
    );
  };

  const props = { state, set: setState as Setter, errors };
  const panels: Record<CampaignTab, ReactNode> = {
    campaign: <CampaignTabPanel {...props} />,
    channels: <ChannelsPanel {...props} />,
    agents: <AgentsPanel {...props} />,
    supervisors: <SupervisorsPanel {...props} />,
    accounts: <CampaignAccounts campaignId={id} />,
    scripts: <ScriptsPanel {...props} />,
    configuration: <ConfigurationPanel {...props} />,
    customTabs: <CustomTabsPanel {...props} />,
  };

  return (
    <Box
      component="form"
      id="campaign-form"
      ref={form.formRef}
      onSubmit={submit}
      noValidate
      data-testid="campaign-form"
    >
      <Card variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, value: CampaignTab) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {CAMPAIGN_TABS.map((key) => (
            <Tab
              key={key}
              value={key}
              data-testid={`campaign-tab-${key}`}
              label={
                <Badge color="error" variant="dot" invisible={!flagged.has(key)} sx={{ pe: flagged.has(key) ? 1 : 0 }}>
                  {t(`campaigns.tabs.${key}`)}
                </Badge>
              }
            />
          ))}
        </Tabs>
        <CardContent role="tabpanel" data-testid={`campaign-panel-${tab}`}>
          {panels[tab]}
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={save.isPending}
          data-testid="campaign-save"
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** /app/campaigns/add and /app/campaigns/:id/edit */
export function CampaignFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'edit' ? parseId(params.id) : null;
  const campaign = useCampaign(id);
  const gate = useEditGate(mode, id, campaign, 'campaign-not-found');
  if (gate) return gate;
  const data = campaign.data as Campaign | undefined;
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title={data ? t('campaigns.editTitle', { name: data.name }) : t('campaigns.add')}
        backTo="/app/campaigns"
      />
      <CampaignForm key={data?.id ?? 'new'} id={id} initial={data ? campaignToForm(data) : emptyCampaignForm()} />
      {data ? (
        <Section title={t('audit.title')}>
          <AuditHistory path={`campaigns/${data.id}/audit`} title="" />
        </Section>
      ) : null}
    </PageContainer>
  );
}
