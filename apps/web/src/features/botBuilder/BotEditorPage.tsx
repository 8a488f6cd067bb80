import './i18n';
import {
  BOT_NODE_TYPES,
  type Bot,
  type BotBody,
  type BotNodeType,
  type BotSilence,
  type BotVersion,
  botBodySchema,
  botFlowSchema,
  DEFAULT_BOT_SILENCE,
} from '@atiende/contracts';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import SaveAsIcon from '@mui/icons-material/SaveAs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePermissions } from '../../app/queries';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormField, SwitchField } from '../../ui/FormField';
import { formatDateTime } from '../../ui/format';
import { PageContainer, PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { parseId } from '../../ui/params';
import { Section } from '../../ui/Section';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { useEditGate } from '../../ui/useEditGate';
import { issuesToErrors } from '../../ui/validation';
import { AuditHistory } from '../audit/AuditHistory';
import {
  downloadJson,
  fetchBotExport,
  useBot,
  useBotCampaigns,
  useBotVersion,
  useCreateBot,
  useDeleteBotVersion,
  usePublishBotVersion,
  useSaveBotVersion,
  useUpdateBot,
} from './api';
import { BotChannels } from './BotChannels';
import { BotSecrets } from './BotSecrets';
import { BotTryPanel } from './BotTryPanel';
import { FlowCanvas } from './FlowCanvas';
import { NODE_ICONS, outletLabel, problemText } from './labels';
import {
  addNode,
  deleteNodes,
  deleteSelection,
  EMPTY_GRAPH,
  exportFileName,
  flowErrorsByNode,
  flowSignature,
  flowToGraph,
  type Graph,
  graphProblems,
  graphToFlow,
  missingOutlets,
  selectNode,
  updateNodeData,
} from './model';
import { NodePanel } from './NodePanel';

type Errors = Record<string, string>;

const detailsOf = (bot: Bot | null): BotBody => ({
  name: bot?.name ?? '',
  description: bot?.description ?? '',
  enabled: bot?.enabled ?? true,
  silence: bot?.silence ?? DEFAULT_BOT_SILENCE,
});

/** The actions a silent customer's conversation may end with (a campaign transfer is not one). */
const SILENCE_ACTIONS: readonly BotSilence['action'][] = [
  'finishConversation',
  'transferToAgent',
  'releaseConversation',
];

/** How long the test panel's last turn stays lit up on the canvas. */
const PATH_LIGHT_MS = 4000;
const NO_NODES: ReadonlySet<string> = new Set();

function BotEditor({ bot }: { bot: Bot | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const feedback = useApiFeedback();
  const { can } = usePermissions();
  const botId = bot?.id ?? 0;
  const readOnly = bot ? !can('editar-bot') : !can('agregar-bot');
  // The test panel (`POST bots/try`) is for those who draw bots.
  const canTry = can('editar-bot') || can('agregar-bot');

  const [details, setDetails] = useState<BotBody>(() => detailsOf(bot));
  const [savedDetails, setSavedDetails] = useState(() => JSON.stringify(detailsOf(bot)));
  const [note, setNote] = useState('');
  const [versionId, setVersionId] = useState<number | null>(bot?.versions[0]?.id ?? null);
  const [loadedId, setLoadedId] = useState<number | null>(null);
  const [graph, setGraph] = useState<Graph>(EMPTY_GRAPH);
  const [savedFlow, setSavedFlow] = useState(() => flowSignature(EMPTY_GRAPH));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [pendingVersion, setPendingVersion] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<{ id: string; seq: number } | null>(null);
  const [sideTab, setSideTab] = useState<'node' | 'try'>('node');
  const [litNodes, setLitNodes] = useState<ReadonlySet<string>>(NO_NODES);

  const version = useBotVersion(bot ? bot.id : null, versionId);
  const campaigns = useBotCampaigns();
  const createBot = useCreateBot();
  const updateBot = useUpdateBot(botId);
  const saveVersion = useSaveBotVersion(botId);
  const publish = usePublishBotVersion(botId);
  const deleteVersion = useDeleteBotVersion(botId);

  // A version that arrives (the first, or another one chosen) replaces the canvas.
  const loaded: BotVersion | undefined = version.data;
  if (loaded && loaded.id === versionId && loaded.id !== loadedId) {
    const next = flowToGraph(loaded.flow);
    setLoadedId(loaded.id);
    setGraph(next);
    setSavedFlow(flowSignature(next));
    setNote(loaded.note);
    setServerErrors({});
  }

  const summary = bot?.versions.find((item) => item.id === loadedId) ?? null;
  const isPublished = Boolean(summary?.published);
  const flowDirty = flowSignature(graph) !== savedFlow;
  const detailsDirty = JSON.stringify(details) !== savedDetails;

  const change = useCallback((update: (current: Graph) => Graph) => {
    setGraph(update);
    setServerErrors({});
  }, []);

  const flow = useMemo(() => graphToFlow(graph), [graph]);
  const problems = useMemo(() => graphProblems(graph), [graph]);
  const flowCheck = useMemo(() => botFlowSchema.safeParse(flow), [flow]);
  const detailsCheck = useMemo(() => botBodySchema.safeParse(details), [details]);
  const clientErrors = useMemo<Errors>(
    () => ({
      ...(checked && !flowCheck.success ? issuesToErrors(flowCheck.error.issues, t) : {}),
    }),
    [checked, flowCheck, t],
  );
  const detailErrors = useMemo<Errors>(
    () => ({
      ...(checked && !detailsCheck.success ? issuesToErrors(detailsCheck.error.issues, t) : {}),
      ...Object.fromEntries(Object.entries(serverErrors).filter(([field]) => !field.includes('nodes'))),
    }),
    [checked, detailsCheck, serverErrors, t],
  );
  const errorsByNode = useMemo(
    () => flowErrorsByNode({ ...serverErrors, ...clientErrors }, graph.nodes),
    [serverErrors, clientErrors, graph.nodes],
  );
  const problemNodes = useMemo(() => {
    const set = new Set<string>();
    for (const problem of problems) if (problem.nodeId) set.add(problem.nodeId);
    for (const id of Object.keys(errorsByNode)) if (id) set.add(id);
    return set;
  }, [problems, errorsByNode]);
  const missing = useMemo(() => missingOutlets(problems), [problems]);
  const selected = graph.nodes.find((node) => node.selected) ?? null;
  // A node chosen on the canvas shows its settings (the test panel keeps its conversation meanwhile).
  const selectedId = selected?.id ?? null;
  const [shownSelection, setShownSelection] = useState(selectedId);
  if (selectedId !== shownSelection) {
    setShownSelection(selectedId);
    if (selectedId) setSideTab('node');
  }

  useEffect(() => {
    if (litNodes.size === 0) return;
    const timer = setTimeout(() => setLitNodes(NO_NODES), PATH_LIGHT_MS);
    return () => clearTimeout(timer);
  }, [litNodes]);
  const onTryPath = useCallback((path: string[]) => setLitNodes(path.length ? new Set(path) : NO_NODES), []);
  const setSilence = (change: Partial<BotSilence>) =>
    setDetails((current) => ({ ...current, silence: { ...current.silence, ...change } }));
  const flowLevelErrors = Object.values(errorsByNode[''] ?? {});

  const fail = (error: unknown) => {
    if (error instanceof ApiError) setServerErrors(error.fields);
    feedback.failure(error);
  };

  /** Client checks before a save: the bot's details and the flow's schema. */
  const validate = (): boolean => {
    setChecked(true);
    const ok = detailsCheck.success && flowCheck.success;
    if (!ok) {
      const flowIssues = flowCheck.success ? [] : flowCheck.error.issues;
      const needsNode = flowIssues.find((issue) => issue.path.join('.') === 'nodes' && issue.code === 'too_small');
      feedback.notify(needsNode ? t('bots.needsNode') : t('botBuilder.flowErrors'), 'error');
    }
    return ok;
  };

  /** Saves the flow over the draft, or as a new version (asked, or the shown one is published); the saved version. */
  const saveFlow = async (asNew: boolean): Promise<BotVersion> => {
    const saved = await saveVersion.mutateAsync({
      versionId: asNew || isPublished || loadedId === null ? null : loadedId,
      flow,
      note,
    });
    setSavedFlow(flowSignature(graph));
    if (saved.id !== loadedId) {
      // The new version shows with the canvas as it is (its selection and viewport stay).
      setLoadedId(saved.id);
      setVersionId(saved.id);
    }
    return saved;
  };

  const saveDetails = async () => {
    if (!detailsDirty || !bot) return;
    const saved = await updateBot.mutateAsync(details);
    setSavedDetails(JSON.stringify(detailsOf(saved)));
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const onSave = (asNew: boolean) => {
    if (!validate()) return;
    void run(async () => {
      if (!bot) {
        const created = await createBot.mutateAsync({ ...details, flow });
        feedback.success(t('botBuilder.saved'));
        navigate(`/app/bot-builder/bots/${created.id}/edit`, { replace: true });
        return;
      }
      await saveDetails();
      if (asNew || flowDirty) {
        const saved = await saveFlow(asNew);
        feedback.success(
          saved.id !== summary?.id ? t('botBuilder.savedAsNew', { number: saved.number }) : t('botBuilder.saved'),
        );
      } else {
        feedback.success(t('botBuilder.saved'));
      }
    });
  };

  const onPublish = () => {
    if (!bot || loadedId === null) return;
    if (!validate()) return;
    void run(async () => {
      await saveDetails();
      const target = flowDirty ? await saveFlow(false) : summary;
      if (!target) return;
      await publish.mutateAsync(target.id);
      feedback.success(t('botBuilder.publishedOk', { number: target.number }));
    });
  };

  const onDeleteVersion = () => {
    setConfirmDelete(false);
    if (!bot || loadedId === null) return;
    void run(async () => {
      const updated = await deleteVersion.mutateAsync(loadedId);
      feedback.success(t('botBuilder.versionDeleted'));
      setVersionId(updated.versions[0]?.id ?? null);
    });
  };

  const onExport = () => {
    if (!bot) return;
    void run(async () => {
      const file = await fetchBotExport(bot.id, loadedId ?? undefined);
      downloadJson(exportFileName(bot.name), file);
    });
  };

  const chooseVersion = (id: number) => {
    if (id === versionId) return;
    if (flowDirty) setPendingVersion(id);
    else setVersionId(id);
  };

  const onAddNode = (type: BotNodeType) => {
    const added = addNode(graph, type, graph.nodes.find((node) => node.selected)?.id);
    change(() => added.graph);
    setSideTab('node');
    setFocus((current) => ({ id: added.id, seq: (current?.seq ?? 0) + 1 }));
  };

  const pageTitle = bot
    ? readOnly
      ? t('botBuilder.viewTitle', { name: bot.name })
      : t('botBuilder.editTitle', { name: bot.name })
    : t('botBuilder.newTitle');
  const waitingVersion = bot !== null && versionId !== null && loadedId !== versionId;

  return (
    <PageContainer maxWidth={1600}>
      <PageHeader
        title={pageTitle}
        backTo="/app/bot-builder/bots"
        actions={
          bot ? (
            <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={onExport} data-testid="bot-export">
              {t('botBuilder.export')}
            </Button>
          ) : null
        }
      />
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('botBuilder.readOnly')}
        </Alert>
      ) : null}
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('botBuilder.details')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(200px, 1fr) minmax(200px, 2fr) auto' },
              columnGap: 2,
              alignItems: 'center',
            }}
          >
            <FormField
              label={t('bots.fields.name')}
              value={details.name}
              onValueChange={(name) => setDetails((current) => ({ ...current, name }))}
              error={detailErrors.name}
              testId="bot-name"
              disabled={readOnly}
              required
              fullWidth
            />
            <FormField
              label={t('bots.fields.description')}
              value={details.description}
              onValueChange={(description) => setDetails((current) => ({ ...current, description }))}
              error={detailErrors.description}
              testId="bot-description"
              disabled={readOnly}
              fullWidth
            />
            <SwitchField
              label={t('bots.fields.enabled')}
              checked={details.enabled}
              onChange={(enabled) => setDetails((current) => ({ ...current, enabled }))}
              disabled={readOnly}
              testId="bot-enabled"
            />
          </Box>
          <Box
            component="fieldset"
            sx={{ border: 0, m: 0, p: 0, mt: 1, minWidth: 0 }}
            aria-describedby="bot-silence-help"
            data-testid="bot-silence"
          >
            <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 700, p: 0 }}>
              {t('botBuilder.silence')}
            </Typography>
            <Typography id="bot-silence-help" variant="body2" sx={{ color: 'text.secondary' }}>
              {t('botBuilder.silenceHelp')}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: {
                  xs: '1fr',
                  md: '1fr 1fr',
                  lg: 'minmax(320px, 1fr) minmax(240px, 1fr) minmax(240px, 1.5fr)',
                },
                columnGap: 2,
                alignItems: 'start',
              }}
            >
              <FormField
                type="number"
                label={t('botBuilder.fields.silenceMinutes')}
                value={Number.isNaN(details.silence.minutes) ? '' : details.silence.minutes}
                onValueChange={(value) => setSilence({ minutes: value.trim() === '' ? Number.NaN : Number(value) })}
                error={detailErrors['silence.minutes']}
                testId="bot-silence-minutes"
                disabled={readOnly}
                fullWidth
                slotProps={{ htmlInput: { min: 0, max: 1440, step: 1 } }}
              />
              <TextField
                select
                margin="dense"
                label={t('botBuilder.fields.silenceAction')}
                value={details.silence.action}
                onChange={(event) => setSilence({ action: event.target.value as BotSilence['action'] })}
                error={Boolean(detailErrors['silence.action'])}
                helperText={detailErrors['silence.action']}
                disabled={readOnly}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'bot-silence-action' } }}
              >
                {SILENCE_ACTIONS.map((action) => (
                  <MenuItem key={action} value={action}>
                    {t(`botBuilder.actions.${action}`)}
                  </MenuItem>
                ))}
              </TextField>
              <FormField
                label={t('botBuilder.fields.silenceText')}
                value={details.silence.text}
                onValueChange={(text) => setSilence({ text })}
                error={detailErrors['silence.text']}
                testId="bot-silence-text"
                disabled={readOnly}
                maxLength={1000}
                multiline
                maxRows={4}
                fullWidth
                sx={{ gridColumn: { md: '1 / -1', lg: 'auto' } }}
              />
            </Box>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1 }}>
            {bot ? (
              <TextField
                select
                size="small"
                label={t('botBuilder.version')}
                value={versionId ?? ''}
                onChange={(event) => chooseVersion(Number(event.target.value))}
                sx={{ minWidth: 280 }}
                slotProps={{ htmlInput: { 'data-testid': 'bot-version-select' } }}
              >
                {bot.versions.map((item) => (
                  <MenuItem key={item.id} value={item.id}>
                    {t('botBuilder.versionOption', {
                      number: item.number,
                      state: item.published ? t('botBuilder.published') : t('botBuilder.draft'),
                      date: formatDateTime(item.updatedAt, i18n.language),
                    })}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {summary ? (
              <Chip
                data-testid="bot-version-status"
                color={isPublished ? 'success' : 'default'}
                variant={isPublished ? 'filled' : 'outlined'}
                label={`${t('botBuilder.versionNumber', { number: summary.number })} · ${
                  isPublished ? t('botBuilder.published') : t('botBuilder.draft')
                }`}
              />
            ) : null}
            {flowDirty || detailsDirty || !bot ? (
              <Chip size="small" color="warning" variant="outlined" label={t('botBuilder.unsavedVersion')} />
            ) : null}
            <TextField
              size="small"
              label={t('botBuilder.note')}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              disabled={readOnly}
              sx={{ flexGrow: 1, minWidth: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'bot-version-note', maxLength: 200 } }}
            />
          </Box>
          {readOnly ? null : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
              <Button
                variant="contained"
                startIcon={<SaveIcon />}
                onClick={() => onSave(false)}
                disabled={busy || waitingVersion}
                data-testid="bot-save"
              >
                {t('botBuilder.save')}
              </Button>
              {bot ? (
                <>
                  <Button
                    variant="outlined"
                    startIcon={<SaveAsIcon />}
                    onClick={() => onSave(true)}
                    disabled={busy || waitingVersion}
                    data-testid="bot-save-as-new"
                  >
                    {t('botBuilder.saveAsNew')}
                  </Button>
                  <Button
                    variant="contained"
                    color="success"
                    startIcon={<PublishIcon />}
                    onClick={onPublish}
                    disabled={busy || waitingVersion || problems.length > 0 || (isPublished && !flowDirty)}
                    data-testid="bot-publish"
                  >
                    {t('botBuilder.publish')}
                  </Button>
                  <Button
                    color="error"
                    startIcon={<DeleteOutlinedIcon />}
                    onClick={() => setConfirmDelete(true)}
                    disabled={busy || waitingVersion || isPublished || bot.versions.length <= 1}
                    data-testid="bot-delete-version"
                  >
                    {t('botBuilder.deleteVersion')}
                  </Button>
                </>
              ) : null}
            </Box>
          )}
          {isPublished && flowDirty && !readOnly ? (
            <Alert severity="info" sx={{ mt: 1.5 }}>
              {t('botBuilder.savePublishedAsNew')}
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', lg: readOnly ? '1fr 340px' : '170px 1fr 340px' },
          gap: 2,
          mb: 2,
          alignItems: 'start',
        }}
      >
        {readOnly ? null : (
          <Card variant="outlined" component="nav" aria-labelledby="bot-palette-title">
            <CardContent sx={{ p: 1.5 }}>
              <Typography id="bot-palette-title" variant="subtitle2" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('botBuilder.palette')}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', lg: '1fr' }, gap: 0.5 }}>
                {BOT_NODE_TYPES.map((type) => {
                  const Icon = NODE_ICONS[type];
                  return (
                    <Button
                      key={type}
                      size="small"
                      variant="text"
                      startIcon={<Icon />}
                      onClick={() => onAddNode(type)}
                      disabled={waitingVersion}
                      data-testid={`bot-palette-${type}`}
                      sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
                    >
                      {t(`botBuilder.types.${type}`)}
                    </Button>
                  );
                })}
              </Box>
            </CardContent>
          </Card>
        )}
        <Box sx={{ position: 'relative', minWidth: 0 }}>
          {waitingVersion ? (
            <Box sx={{ height: 560, display: 'grid', placeItems: 'center' }}>
              <PageLoader />
            </Box>
          ) : (
            <>
              <FlowCanvas
                key={loadedId ?? 'new'}
                graph={graph}
                onChange={change}
                problemNodes={problemNodes}
                missingOutlets={missing}
                activeNodes={litNodes}
                readOnly={readOnly}
                focus={focus}
              />
              {graph.nodes.length === 0 ? (
                <Box
                  data-testid="bot-canvas-empty"
                  sx={{
                    position: 'absolute',
                    inset: 0,
                    display: 'grid',
                    placeItems: 'center',
                    pointerEvents: 'none',
                    p: 4,
                  }}
                >
                  <Typography sx={{ color: 'text.secondary', textAlign: 'center', maxWidth: 360 }}>
                    {t('botBuilder.emptyCanvas')}
                  </Typography>
                </Box>
              ) : null}
            </>
          )}
          {readOnly || graph.nodes.every((node) => !node.selected) ? null : (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlinedIcon />}
              onClick={() => change(deleteSelection)}
              sx={{ position: 'absolute', insetBlockStart: 8, insetInlineEnd: 8 }}
              data-testid="bot-delete-selection"
            >
              {t('botBuilder.deleteSelection')}
            </Button>
          )}
        </Box>
        <Card
          variant="outlined"
          component="aside"
          aria-label={canTry ? t('botBuilder.sidePanel') : t('botBuilder.node', { id: selected?.id ?? '' })}
        >
          {canTry ? (
            <Tabs
              value={sideTab}
              onChange={(_, value: 'node' | 'try') => setSideTab(value)}
              aria-label={t('botBuilder.sidePanel')}
              variant="fullWidth"
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab
                value="node"
                label={t('botBuilder.nodeTab')}
                id="bot-side-tab-node"
                aria-controls="bot-side-panel-node"
                data-testid="bot-node-tab"
              />
              <Tab
                value="try"
                label={t('botBuilder.try.title')}
                id="bot-side-tab-try"
                aria-controls="bot-side-panel-try"
                data-testid="bot-try-tab"
              />
            </Tabs>
          ) : null}
          <CardContent
            role={canTry ? 'tabpanel' : undefined}
            id="bot-side-panel-node"
            aria-labelledby={canTry ? 'bot-side-tab-node' : undefined}
            hidden={canTry && sideTab !== 'node'}
          >
            {selected ? (
              <NodePanel
                key={selected.id}
                node={selected}
                nodeIds={graph.nodes.map((node) => node.id)}
                errors={errorsByNode[selected.id] ?? {}}
                isStart={graph.startNodeId === selected.id}
                readOnly={readOnly}
                campaigns={campaigns.data ?? []}
                secretNames={bot?.secretNames}
                onChange={(data) => change((current) => updateNodeData(current, selected.id, data))}
                onMakeStart={() => change((current) => ({ ...current, startNodeId: selected.id }))}
                onDelete={() => change((current) => deleteNodes(current, [selected.id]))}
              />
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('botBuilder.selectNode')}
              </Typography>
            )}
          </CardContent>
          {canTry ? (
            // Kept mounted while hidden: the conversation stays while a node is edited.
            <CardContent
              role="tabpanel"
              id="bot-side-panel-try"
              aria-labelledby="bot-side-tab-try"
              hidden={sideTab !== 'try'}
            >
              <BotTryPanel
                flow={flow}
                channels={bot?.channels ?? []}
                campaigns={campaigns.data ?? []}
                onPath={onTryPath}
                onInvalid={() => setChecked(true)}
                botId={bot?.id}
              />
            </CardContent>
          ) : null}
        </Card>
      </Box>

      <Section
        title={t('botBuilder.problems')}
        testId="bot-problems-section"
        action={
          <Chip
            size="small"
            color={problems.length ? 'error' : 'success'}
            label={t('botBuilder.problemCount', { count: problems.length })}
            data-testid="bot-problem-count"
          />
        }
      >
        {flowLevelErrors.map((message) => (
          <Alert key={message} severity="error" sx={{ mb: 1 }}>
            {message}
          </Alert>
        ))}
        {problems.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'success.main' }} data-testid="bot-no-problems">
            {t('botBuilder.noProblems')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="bot-problems">
            {problems.map((problem, index) => {
              const node = graph.nodes.find((item) => item.id === problem.nodeId);
              const where = node
                ? problem.outlet
                  ? t('botBuilder.nodeOutlet', { id: node.id, outlet: outletLabel(node.data, problem.outlet, t) })
                  : `${t('botBuilder.node', { id: node.id })} · ${t(`botBuilder.types.${node.data.type}`)}`
                : undefined;
              return (
                <ListItemButton
                  // biome-ignore lint/suspicious/noArrayIndexKey: problems are recomputed from the flow; a node may have several.
                  key={`${problem.code}-${problem.nodeId}-${problem.outlet}-${index}`}
                  disabled={!node}
                  onClick={() => {
                    if (!node) return;
                    change((current) => selectNode(current, node.id));
                    setSideTab('node');
                    setFocus((current) => ({ id: node.id, seq: (current?.seq ?? 0) + 1 }));
                  }}
                  data-testid={`bot-problem-${index}`}
                >
                  <ListItemText primary={problemText(problem, t)} secondary={where} />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Section>

      {bot ? <BotChannels bot={bot} readOnly={readOnly} /> : null}

      {bot ? <BotSecrets bot={bot} readOnly={readOnly} /> : null}

      {bot ? (
        <Section title={t('audit.title')}>
          <AuditHistory path={`bots/${bot.id}/audit`} title="" />
        </Section>
      ) : null}

      <ConfirmDialog
        open={pendingVersion !== null}
        title={t('botBuilder.discardTitle')}
        message={t('botBuilder.discardMessage')}
        confirmLabel={t('botBuilder.discard')}
        destructive
        onCancel={() => setPendingVersion(null)}
        onConfirm={() => {
          setVersionId(pendingVersion);
          setPendingVersion(null);
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('botBuilder.deleteVersionTitle', { number: summary?.number ?? '' })}
        message={t('botBuilder.deleteVersionMessage', { number: summary?.number ?? '' })}
        confirmLabel={t('botBuilder.deleteVersion')}
        destructive
        onCancel={() => setConfirmDelete(false)}
        onConfirm={onDeleteVersion}
      />
    </PageContainer>
  );
}

/** /app/bot-builder/bots/add and /app/bot-builder/bots/:id/edit: the bot's details, versions and flow editor. */
export function BotEditorPage() {
  const params = useParams();
  const mode = params.id === undefined ? 'create' : 'edit';
  const id = mode === 'edit' ? parseId(params.id) : null;
  const bot = useBot(id);
  const gate = useEditGate(mode, id, bot, 'bot-not-found');
  if (gate) return gate;
  return <BotEditor key={bot.data?.id ?? 'new'} bot={bot.data ?? null} />;
}
