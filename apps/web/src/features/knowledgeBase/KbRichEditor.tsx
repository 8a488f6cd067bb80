import { KB_LIMITS } from '@atiende/contracts';
import ImageIcon from '@mui/icons-material/Image';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { type Editor, useEditorState } from '@tiptap/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor, ToolButton } from '../../ui/RichTextEditor';
import { useApiFeedback } from '../../ui/useApiFeedback';
import { uploadKbImage } from './api';

/** The image types the server takes for an article's body. */
export const KB_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

// Created once: the editor reads its extensions when it is made.
const KB_EXTENSIONS = [
  TableKit.configure({ table: { resizable: false, allowTableNodeSelection: true } }),
  Image.configure({ inline: false, allowBase64: false }),
];

const TABLE_ACTIONS = ['insert', 'addRow', 'deleteRow', 'addColumn', 'deleteColumn', 'delete'] as const;
type TableAction = (typeof TABLE_ACTIONS)[number];

function runTable(editor: Editor, action: TableAction, dryRun: boolean): boolean {
  const chain = dryRun ? editor.can().chain() : editor.chain().focus();
  switch (action) {
    case 'insert':
      return chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    case 'addRow':
      return chain.addRowAfter().run();
    case 'deleteRow':
      return chain.deleteRow().run();
    case 'addColumn':
      return chain.addColumnAfter().run();
    case 'deleteColumn':
      return chain.deleteColumn().run();
    case 'delete':
      return chain.deleteTable().run();
  }
}

/** The table and image tools the knowledge base adds to the editor's toolbar. */
function KbTools({ editor, testId }: { editor: Editor; testId: string }) {
  const { t } = useTranslation();
  const feedback = useApiFeedback();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  // What each table action may do where the cursor is (recomputed as the selection moves).
  const possible = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(TABLE_ACTIONS.map((action) => [action, runTable(current, action, true)])) as Record<
        TableAction,
        boolean
      >,
  });
  const inTable = possible.addRow;

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    if (!(KB_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      feedback.notify(t('knowledgeBase.editor.imageType'), 'error');
      return;
    }
    if (file.size > KB_LIMITS.imageBytes) {
      feedback.notify(t('knowledgeBase.editor.imageTooLarge', { mb: KB_LIMITS.imageBytes / 1024 / 1024 }), 'error');
      return;
    }
    setUploading(true);
    try {
      const src = await uploadKbImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (error) {
      feedback.failure(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton
        testId={testId}
        tool={{
          id: 'table',
          title: t('knowledgeBase.editor.table'),
          icon: <TableChartOutlinedIcon fontSize="small" />,
          run: (event) => setMenu(event.currentTarget),
          pressed: inTable,
          popup: 'menu',
        }}
      />
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)} data-testid="kb-editor-table-menu">
        {TABLE_ACTIONS.map((action) => (
          <MenuItem
            key={action}
            disabled={!possible[action]}
            onClick={() => {
              setMenu(null);
              runTable(editor, action, false);
            }}
            data-testid={`kb-editor-table-${action}`}
          >
            {t(`knowledgeBase.editor.tableActions.${action}`)}
          </MenuItem>
        ))}
      </Menu>
      <ToolButton
        testId={testId}
        tool={{
          id: 'image',
          title: t('knowledgeBase.editor.image'),
          icon: uploading ? <CircularProgress size={18} /> : <ImageIcon fontSize="small" />,
          run: () => fileInput.current?.click(),
          disabled: uploading,
          popup: 'dialog',
        }}
      />
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={KB_IMAGE_TYPES.join(',')}
        data-testid="kb-editor-image-input"
        onChange={(event) => {
          void pickImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

/** The article body's editor: the shared rich text editor with headings, tables and uploaded images. */
export function KbRichEditor({
  value,
  onChange,
  label,
  error,
  testId = 'kb-article-editor',
}: {
  value: string;
  onChange: (html: string) => void;
  label: string;
  error?: string;
  testId?: string;
}) {
  return (
    <RichTextEditor
      value={value}
      onChange={onChange}
      label={label}
      error={error}
      testId={testId}
      headings={[2, 3]}
      extensions={KB_EXTENSIONS}
      toolbarExtra={(editor) => <KbTools editor={editor} testId={testId} />}
      minHeight={320}
    />
  );
}
