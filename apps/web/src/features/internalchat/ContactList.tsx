import type { InternalChatContact } from '@atiende/contracts';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { useChatContacts } from './api';
import { BADGE_MAX, filterContacts, initialsOf, messageTime } from './model';

export function ContactAvatar({ contact, size = 40 }: { contact: InternalChatContact; size?: number }) {
  return (
    <Avatar
      src={contact.avatarUrl ?? undefined}
      alt=""
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'secondary.main' }}
    >
      {initialsOf(contact.nombre)}
    </Avatar>
  );
}

/** Everyone one can write to, searchable by name; unread counts as chips. */
export function ContactList({ me, onOpen }: { me: number; onOpen: (contact: InternalChatContact) => void }) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const contacts = useChatContacts(me, true);
  const shown = useMemo(() => filterContacts(contacts.data ?? [], text), [contacts.data, text]);

  let body: ReactNode;
  if (contacts.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('internalChat.title')} />
      </Box>
    );
  } else if (contacts.isError) {
    body = (
      <EmptyState
        data-testid="chat-load-error"
        icon={<ErrorOutlineIcon fontSize="inherit" />}
        title={t('internalChat.loadError')}
        description={contacts.error.message}
        action={
          <Button variant="outlined" onClick={() => void contacts.refetch()}>
            {t('internalChat.retry')}
          </Button>
        }
      />
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        data-testid="chat-no-users"
        icon={<ForumOutlinedIcon fontSize="inherit" />}
        title={text.trim() ? t('internalChat.noMatches', { text: text.trim() }) : t('internalChat.noUsers')}
      />
    );
  } else {
    body = (
      <List sx={{ flexGrow: 1, overflow: 'auto', py: 0 }} aria-label={t('internalChat.users')} data-testid="chat-users">
        {shown.map((contact) => (
          <ListItemButton
            key={contact.id}
            onClick={() => onOpen(contact)}
            data-testid={`chat-user-${contact.id}`}
            sx={{ gap: 1, px: 2 }}
          >
            <ListItemAvatar sx={{ minWidth: 0 }}>
              <ContactAvatar contact={contact} />
            </ListItemAvatar>
            <ListItemText
              primary={<bdi>{contact.nombre}</bdi>}
              secondary={messageTime(contact.lastMessageAt, i18n.language) || null}
              slotProps={{
                primary: { noWrap: true, sx: { fontWeight: contact.unread > 0 ? 700 : 500 } },
                secondary: { noWrap: true },
              }}
              sx={{ minWidth: 0 }}
            />
            {contact.unread > 0 ? (
              <Chip
                size="small"
                color="primary"
                label={contact.unread > BADGE_MAX ? `${BADGE_MAX}+` : contact.unread}
                aria-label={t('internalChat.unread', { count: contact.unread })}
                data-testid={`chat-unread-${contact.id}`}
                sx={{ fontWeight: 700, flexShrink: 0 }}
              />
            ) : null}
          </ListItemButton>
        ))}
      </List>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }} data-testid="chat-contacts">
      <Box sx={{ px: 2, pt: 2, pb: 1 }}>
        <TextField
          type="search"
          size="small"
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('internalChat.search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': t('internalChat.search'), 'data-testid': 'chat-search' },
          }}
        />
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('internalChat.pickUser')}
        </Typography>
      </Box>
      {body}
    </Box>
  );
}
