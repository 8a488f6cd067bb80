import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Only http(s) and mailto links are inserted (the server sanitises the HTML again). */
export function safeLink(url: string): string | null {
  const value = url.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  return /^(https?:|mailto:)/i.test(withScheme) ? withScheme : null;
}

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  testId?: string;
  error?: string;
}

/** A small rich-text editor (bold, italic, lists, links) over a contentEditable div; the value is HTML. */
export function RichTextEditor({ value, onChange, label, testId, error }: RichTextEditorProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (element && document.activeElement !== element && element.innerHTML !== value) element.innerHTML = value;
  }, [value]);

  const run = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    if (ref.current) onChange(ref.current.innerHTML);
  };

  const button = (title: string, icon: ReactNode, action: () => void, id: string) => (
    <Tooltip title={title} key={id}>
      <IconButton
        size="small"
        aria-label={title}
        onMouseDown={(event) => event.preventDefault()}
        onClick={action}
        data-testid={testId ? `${testId}-${id}` : undefined}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box
      sx={{
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    >
      <Box
        role="toolbar"
        aria-label={label}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, p: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {button(t('campaigns.editor.bold'), <FormatBoldIcon fontSize="small" />, () => run('bold'), 'bold')}
        {button(t('campaigns.editor.italic'), <FormatItalicIcon fontSize="small" />, () => run('italic'), 'italic')}
        {button(
          t('campaigns.editor.bulletList'),
          <FormatListBulletedIcon fontSize="small" />,
          () => run('insertUnorderedList'),
          'ul',
        )}
        {button(
          t('campaigns.editor.numberedList'),
          <FormatListNumberedIcon fontSize="small" />,
          () => run('insertOrderedList'),
          'ol',
        )}
        {button(
          t('campaigns.editor.link'),
          <LinkIcon fontSize="small" />,
          () => {
            const url = safeLink(window.prompt(t('campaigns.editor.linkPrompt')) ?? '');
            if (url) run('createLink', url);
          },
          'link',
        )}
        {button(t('campaigns.editor.unlink'), <LinkOffIcon fontSize="small" />, () => run('unlink'), 'unlink')}
      </Box>
      <Box
        ref={ref}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        data-testid={testId}
        onInput={(event) => onChange((event.target as HTMLDivElement).innerHTML)}
        onBlur={(event) => onChange((event.target as HTMLDivElement).innerHTML)}
        sx={{
          minHeight: 140,
          p: 1.5,
          outline: 'none',
          overflowWrap: 'anywhere',
          '& a': { color: 'primary.main' },
          '& ul, & ol': { ps: 3 },
        }}
      />
    </Box>
  );
}
