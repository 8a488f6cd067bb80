import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { AnyExtension } from '@tiptap/core';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from './Tooltip';

/** Only http(s) and mailto links are inserted (the server sanitises the HTML again). */
export function safeLink(url: string): string | null {
  const value = url.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  return /^(https?:|mailto:)/i.test(withScheme) ? withScheme : null;
}

/** The editor's HTML, with an empty document as '' (so "required" checks see no text). */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** One toolbar button; its test id is `${testId}-${id}`. */
export interface Tool {
  id: string;
  title: string;
  icon: ReactNode;
  /** Runs on click (the event's target anchors a menu the tool opens). */
  run: (event: MouseEvent<HTMLElement>) => void;
  pressed?: boolean;
  disabled?: boolean;
  /** aria-haspopup of a button that opens a menu or a dialog. */
  popup?: 'menu' | 'dialog';
}

/** A toolbar button: keeps the editor's focus and selection while clicked (onMouseDown is cancelled). */
export function ToolButton({ tool, testId }: { tool: Tool; testId?: string }) {
  const { id, title, icon, run, pressed, disabled, popup } = tool;
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          aria-label={title}
          aria-pressed={popup ? undefined : pressed}
          aria-haspopup={popup}
          disabled={disabled}
          color={pressed ? 'primary' : 'default'}
          onMouseDown={(event) => event.preventDefault()}
          onClick={run}
          data-testid={testId ? `${testId}-${id}` : undefined}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The heading levels the editor may offer. */
export type HeadingLevel = 2 | 3;

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
  testId?: string;
  error?: string;
  /** Headings offered in the toolbar (none by default: campaign scripts have none). */
  headings?: readonly HeadingLevel[];
  /** More Tiptap extensions (the knowledge base's tables and images); read once, when the editor is created. */
  extensions?: AnyExtension[];
  /** More toolbar controls after the standard ones (they may use `ToolButton` and `useEditorState`). */
  toolbarExtra?: (editor: Editor) => ReactNode;
  minHeight?: number;
}

/**
 * Rich text (bold, italic, lists, links; optionally headings and what `extensions` add) on Tiptap; the value is
 * HTML. Campaign scripts and knowledge-base articles use it. Pasted or typed content is limited to what the
 * extensions know; the server sanitises again.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  testId,
  error,
  headings = [],
  extensions = [],
  toolbarExtra,
  minHeight = 140,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: headings.length > 0 ? { levels: [...headings] } : false,
        codeBlock: false,
        horizontalRule: false,
        // No empty paragraph appended after lists: the saved HTML is what the author wrote.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => safeLink(url) !== null,
        },
      }),
      ...extensions,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        // Marks the editor as an invalid field (forms look for the first one: ui/useFormErrors).
        'aria-invalid': error ? 'true' : 'false',
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(editorHtml(current)),
  });

  // A value set from outside (the campaign loaded, a script removed above this one) replaces the content;
  // the editor's own updates come back equal and are left alone so the cursor does not jump.
  useEffect(() => {
    if (editorHtml(editor) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
    }),
  });

  const addLink = () => {
    const url = safeLink(window.prompt(t('editor.linkPrompt')) ?? '');
    if (!url) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.setLink({ href: url }).run();
    }
  };

  const small = { fontSize: 'small' } as const;
  const headingTools = headings.map<Tool>((level) => ({
    id: `h${level}`,
    title: t('editor.heading', { level }),
    icon: (
      <Box component="span" aria-hidden sx={{ fontSize: 13, fontWeight: 700, lineHeight: '20px', minWidth: 20 }}>
        H{level}
      </Box>
    ),
    run: () => editor.chain().focus().toggleHeading({ level }).run(),
    pressed: active[`h${level}`],
  }));
  const tools: Tool[] = [
    ...headingTools,
    {
      id: 'bold',
      title: t('editor.bold'),
      icon: <FormatBoldIcon {...small} />,
      run: () => editor.chain().focus().toggleBold().run(),
      pressed: active.bold,
    },
    {
      id: 'italic',
      title: t('editor.italic'),
      icon: <FormatItalicIcon {...small} />,
      run: () => editor.chain().focus().toggleItalic().run(),
      pressed: active.italic,
    },
    {
      id: 'ul',
      title: t('editor.bulletList'),
      icon: <FormatListBulletedIcon {...small} />,
      run: () => editor.chain().focus().toggleBulletList().run(),
      pressed: active.bulletList,
    },
    {
      id: 'ol',
      title: t('editor.numberedList'),
      icon: <FormatListNumberedIcon {...small} />,
      run: () => editor.chain().focus().toggleOrderedList().run(),
      pressed: active.orderedList,
    },
    { id: 'link', title: t('editor.link'), icon: <LinkIcon {...small} />, run: addLink, pressed: active.link },
    {
      id: 'unlink',
      title: t('editor.unlink'),
      icon: <LinkOffIcon {...small} />,
      run: () => editor.chain().focus().extendMarkRange('link').unsetLink().run(),
    },
  ];

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
        {tools.map((tool) => (
          <ToolButton key={tool.id} tool={tool} testId={testId} />
        ))}
        {toolbarExtra?.(editor)}
      </Box>
      <Box
        sx={{
          '& .tiptap': {
            minHeight,
            p: 1.5,
            outline: 'none',
            overflowWrap: 'anywhere',
            '& > :first-of-type': { mt: 0 },
            '& > :last-child': { mb: 0 },
          },
          '& p': { my: 0.75 },
          '& a': { color: 'primary.main' },
          '& ul, & ol': { ps: 3, my: 0.75 },
          '& h2': { typography: 'h6', mt: 2, mb: 0.75 },
          '& h3': { typography: 'subtitle1', fontWeight: 700, mt: 1.5, mb: 0.5 },
          '& table': { borderCollapse: 'collapse', my: 1, width: '100%', tableLayout: 'fixed' },
          '& th, & td': { border: 1, borderColor: 'divider', p: 0.75, verticalAlign: 'top', position: 'relative' },
          '& th': { bgcolor: 'action.hover', fontWeight: 700, textAlign: 'start' },
          '& th > p, & td > p': { my: 0 },
          '& .selectedCell::after': {
            content: '""',
            position: 'absolute',
            inset: 0,
            bgcolor: 'action.selected',
            pointerEvents: 'none',
          },
          '& img': { maxWidth: '100%', height: 'auto' },
          '& img.ProseMirror-selectednode': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
          '& .tableWrapper': { overflowX: 'auto' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
