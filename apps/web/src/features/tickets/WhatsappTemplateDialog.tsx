import type { Ticket, WhatsappTemplate } from '@atiende/contracts';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePermissions } from '../../app/queries';
import { FormField } from '../../ui/FormField';
import { useApiFeedback } from '../../ui/useApiFeedback';
import {
  sendValues,
  templateToBubble,
  useSendWhatsappTemplate,
  useTicketWhatsappTemplates,
  WhatsappBubble,
} from '../whatsappTemplates';
import { closedReplyWindow } from './model';

type Conversation = Ticket['interactions'][number];

/**
 * One offered template to choose: its name, type, category and language, and the start of its text. A chat type
 * (sent only inside the 24-hour window) is shown disabled, with the reason, once the window has closed.
 */
function TemplateOption({
  template,
  selected,
  unavailable,
  onSelect,
}: {
  template: WhatsappTemplate;
  selected: boolean;
  unavailable: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const details = [
    t(`whatsappTemplates.types.${template.type}`),
    template.category ? t(`whatsappTemplates.categories.${template.category}`) : null,
    t(`whatsappTemplates.languages.${template.language}`),
  ].filter(Boolean);
  return (
    <ListItemButton
      role="option"
      aria-selected={selected}
      aria-disabled={unavailable || undefined}
      disabled={unavailable}
      selected={selected}
      onClick={onSelect}
      data-testid={`wa-send-template-${template.id}`}
      data-type={template.type}
      data-unavailable={unavailable ? 'true' : undefined}
      sx={{ borderRadius: 1, alignItems: 'flex-start' }}
    >
      <ListItemText
        primary={
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
            <Box component="bdi" dir="ltr" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {template.name}
            </Box>
            <Typography
              component="span"
              variant="caption"
              sx={{ color: 'text.secondary' }}
              data-testid={`wa-send-template-type-${template.id}`}
            >
              {details.join(' · ')}
            </Typography>
          </Box>
        }
        secondary={
          unavailable ? (
            <Box component="span" data-testid={`wa-send-template-unavailable-${template.id}`}>
              {t('whatsappTemplates.send.windowClosed')}
            </Box>
          ) : (
            template.body || template.media?.filename || ''
          )
        }
        slotProps={{
          secondary: {
            dir: 'auto',
            sx: {
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            },
          },
        }}
      />
    </ListItemButton>
  );
}

/**
 * Sends a WhatsApp template on a ticket's conversation: an approved Meta template (the way to write after the
 * 24-hour window) or a chat template (text, media, interactive: inside the window only). Choose the template, give
 * a value to each variable, check the preview (header file, buttons, list), send.
 */
export function WhatsappTemplateDialog({
  ticketId,
  conversation,
  onClose,
}: {
  ticketId: number;
  conversation: Conversation;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const feedback = useApiFeedback();
  const offered = useTicketWhatsappTemplates(ticketId, conversation.id, true);
  const send = useSendWhatsappTemplate(ticketId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [values, setValues] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const listLabelId = useId();
  const templates = offered.data ?? [];
  // Chat templates go only inside the 24-hour window after the customer's last message (the server decides too).
  const windowClosed = closedReplyWindow(conversation, Date.now()) !== null;
  const unavailable = (template: WhatsappTemplate) => windowClosed && template.sessionOnly;
  const available = templates.filter((template) => !unavailable(template));
  const selected = available.find((template) => template.id === selectedId) ?? null;
  const filled = selected ? sendValues(values, selected.variables) : null;
  const bubble = selected && filled ? templateToBubble(selected, filled.values) : null;

  // A single template that can be sent is the obvious choice.
  useEffect(() => {
    if (selectedId === null && available.length === 1) setSelectedId(available[0].id);
  }, [selectedId, available]);

  const choose = (template: WhatsappTemplate) => {
    setSelectedId(template.id);
    setValues({});
    setError(undefined);
  };

  const submit = () => {
    if (!selected || !filled) return;
    if (filled.missing.length > 0) {
      setError(t('whatsappTemplates.send.variablesMissing'));
      return;
    }
    send.mutate(
      { templateId: selected.id, interactionId: conversation.id, variables: filled.values },
      {
        onSuccess: () => {
          feedback.success(t('whatsappTemplates.send.sent'));
          onClose();
        },
        onError: (failure) =>
          feedback.failure(failure, (fields) =>
            setError(fields.variables ?? fields.templateId ?? fields.interactionId),
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={send.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      data-testid="wa-send-dialog"
    >
      <DialogTitle id={titleId}>{t('whatsappTemplates.send.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('whatsappTemplates.send.to', {
            // Isolated so a phone number keeps its order inside a right-to-left sentence.
            contact: `\u2068${conversation.contactValue}\u2069`,
            channel: conversation.channel.name,
          })}
        </Typography>
        <Alert severity="info" sx={{ my: 1.5 }}>
          {t('whatsappTemplates.send.help')}
        </Alert>
        {windowClosed && templates.some((template) => template.sessionOnly) ? (
          <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="wa-send-window-closed">
            {t('whatsappTemplates.send.allClosed')}
          </Alert>
        ) : null}
        {offered.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress size={28} />
          </Box>
        ) : offered.isError ? (
          <Alert severity="error">{offered.error.message}</Alert>
        ) : templates.length === 0 ? (
          <Box data-testid="wa-send-empty" sx={{ py: 2 }}>
            <Typography sx={{ color: 'text.secondary' }}>{t('whatsappTemplates.send.empty')}</Typography>
            {can('ver-menu-plantillas-mensaje') ? (
              <Link component={RouterLink} to="/app/whatsapp-templates">
                {t('whatsappTemplates.send.manage')}
              </Link>
            ) : null}
          </Box>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
              gap: 2,
              alignItems: 'start',
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography id={listLabelId} variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
                {t('whatsappTemplates.send.templates')}
              </Typography>
              <List
                role="listbox"
                aria-labelledby={listLabelId}
                dense
                sx={{ maxHeight: 320, overflowY: 'auto' }}
                data-testid="wa-send-templates"
              >
                {templates.map((template) => (
                  <TemplateOption
                    key={template.id}
                    template={template}
                    selected={template.id === selectedId && !unavailable(template)}
                    unavailable={unavailable(template)}
                    onSelect={() => choose(template)}
                  />
                ))}
              </List>
            </Box>
            <Box sx={{ minWidth: 0 }}>
              {selected && bubble ? (
                <>
                  {Array.from({ length: selected.variables }, (_, index) => {
                    const number = index + 1;
                    return (
                      <FormField
                        key={`${selected.id}-${number}`}
                        fullWidth
                        required
                        label={t('whatsappTemplates.send.variable', { variable: `{{${number}}}` })}
                        placeholder={selected.examples[index]}
                        value={values[number] ?? ''}
                        onValueChange={(value) => {
                          setValues((current) => ({ ...current, [number]: value }));
                          setError(undefined);
                        }}
                        maxLength={1000}
                        testId={`wa-send-variable-${number}`}
                        autoFocus={index === 0}
                        slotProps={{ htmlInput: { dir: 'auto' } }}
                      />
                    );
                  })}
                  {error ? (
                    <Typography variant="caption" component="p" role="alert" sx={{ color: 'error.main', mt: 0.5 }}>
                      {error}
                    </Typography>
                  ) : null}
                  <Box sx={{ mt: 1.5 }}>
                    <WhatsappBubble content={bubble} testId="wa-send-preview" />
                  </Box>
                </>
              ) : (
                <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('whatsappTemplates.send.choose')}</Typography>
              )}
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={send.isPending} data-testid="wa-send-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!selected || send.isPending}
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          data-testid="wa-send-submit"
        >
          {t('whatsappTemplates.send.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
