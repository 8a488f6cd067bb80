import type { Ticket } from '@atiende/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InteractionItem } from './components';
import { isNearBottom, messageCount, threadOrder } from './model';
import { Panel } from './TicketSidePanel';

/**
 * The ticket's conversations as one thread, oldest first, in a scrolling pane that opens at the newest message (the
 * composer sits right under it). A new message scrolls it into view only while the agent is at the bottom; when they
 * are reading older messages it waits, and a button says there is something new.
 */
export function ConversationThread({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const pane = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = messageCount(ticket.interactions);
  const seen = useRef(count);
  const [unseen, setUnseen] = useState(0);

  const toBottom = () => {
    const element = pane.current;
    if (element) element.scrollTop = element.scrollHeight;
    atBottom.current = true;
    seen.current = count;
    setUnseen(0);
  };

  // Opening a ticket: the newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another ticket opens.
  useLayoutEffect(() => {
    toBottom();
  }, [ticket.id]);

  // A new message: follow it when at the bottom, otherwise count it.
  useEffect(() => {
    if (count <= seen.current) {
      seen.current = count;
      return;
    }
    if (atBottom.current) {
      const element = pane.current;
      if (element) element.scrollTop = element.scrollHeight;
      seen.current = count;
    } else {
      setUnseen(count - seen.current);
    }
  }, [count]);

  if (ticket.interactions.length === 0) return null;
  return (
    <Panel title={t('tickets.thread.title')} testId="ticket-thread">
      <Box sx={{ position: 'relative' }}>
        <Box
          ref={pane}
          tabIndex={0}
          role="log"
          aria-label={t('tickets.thread.title')}
          data-testid="ticket-thread-pane"
          onScroll={(event) => {
            const element = event.currentTarget;
            atBottom.current = isNearBottom(element.scrollTop, element.clientHeight, element.scrollHeight);
            if (atBottom.current) {
              seen.current = count;
              setUnseen(0);
            }
          }}
          sx={{
            maxHeight: { xs: '60vh', md: 'calc(100vh - 420px)' },
            minHeight: 160,
            overflowY: 'auto',
            display: 'grid',
            gap: 2,
            pe: 1,
          }}
        >
          {threadOrder(ticket.interactions).map((interaction) => (
            <InteractionItem key={interaction.id} interaction={interaction} />
          ))}
        </Box>
        {unseen > 0 ? (
          <Button
            size="small"
            variant="contained"
            startIcon={<ArrowDownwardIcon />}
            onClick={toBottom}
            data-testid="ticket-thread-new"
            sx={{ position: 'absolute', insetInlineEnd: 16, bottom: 8, boxShadow: 3 }}
          >
            {t('tickets.thread.newMessages', { count: unseen })}
          </Button>
        ) : null}
      </Box>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
        {t('tickets.thread.hint')}
      </Typography>
    </Panel>
  );
}
