import {
  type AuditChange,
  type AuditEntry,
  type AuditFieldChange,
  type AuditFieldKind,
  type AuditItem,
  type AuditSetChange,
  type AuditValue,
  auditEntityKind,
  auditFieldKind,
  auditFieldPath,
  isFact,
  isListChange,
  isRef,
} from '@atiende/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../ui/format';
import { AUDIT_LABELS, type FieldLabel, readableKey } from './fields';

/** Longer texts are shown this far, with the whole text a click away. */
const SHORT_TEXT = 120;
/** An entry with more sentences than LONG_ENTRY shows SHORT_ENTRY of them until asked for all. */
const LONG_ENTRY = 12;
const SHORT_ENTRY = 10;

interface Field {
  label: string;
  kind: AuditFieldKind | null;
  spec: FieldLabel;
}

/** A field of an entry by its label in the UI language; a key nobody described reads as words. */
export function fieldOf(entity: string, path: string, t: TFunction): Field {
  const kind = auditEntityKind(entity);
  const described = kind ? auditFieldPath(kind, path) : null;
  if (!kind || !described) return { label: readableKey(path), kind: null, spec: { label: '' } };
  const raw = (AUDIT_LABELS[kind] as Record<string, FieldLabel | string>)[described];
  const spec = typeof raw === 'string' ? { label: raw } : raw;
  const key = typeof spec.label === 'function' ? spec.label(path.slice(described.length - 1)) : spec.label;
  return { label: t(key, { defaultValue: readableKey(path) }), kind: auditFieldKind(kind, path), spec };
}

/** Rich text as the words a reader sees. */
function htmlText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

function LongText({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const long = text.length > SHORT_TEXT;
  const shown = long && !open ? `${text.slice(0, SHORT_TEXT).trimEnd()}…` : text;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
        {t('audit.change.quoted', { text: shown })}
      </Box>
      {long ? (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setOpen(!open)}
            data-testid="audit-more"
          >
            {open ? t('audit.change.showLess') : t('audit.change.showAll')}
          </Link>
        </>
      ) : null}
    </>
  );
}

const emptyValue = (value: AuditValue | undefined) => value === null || value === undefined || value === '';

function Value({ value, field }: { value: AuditValue; field: Field }) {
  const { t, i18n } = useTranslation();
  const { kind, spec } = field;
  const language = i18n.language;
  if (emptyValue(value)) {
    return (
      <Box component="span" sx={{ fontStyle: 'italic', color: 'text.secondary' }}>
        {spec.empty ? t(spec.empty) : t('audit.change.empty')}
      </Box>
    );
  }
  if (isRef(value)) return <>{spec.name ? spec.name(value, t, language) : value.name}</>;
  if (typeof value === 'boolean') return <>{t(value ? 'audit.change.yes' : 'audit.change.no')}</>;
  if (kind === 'enum' && spec.value)
    return <>{t(spec.value(value as string | number), { defaultValue: String(value) })}</>;
  if (spec.text) return <>{spec.text(value as string | number)}</>;
  if (typeof value === 'number') return <>{new Intl.NumberFormat(language).format(value)}</>;
  const text = String(value);
  const looksLikeDate = kind === null && /^\d{4}-\d{2}-\d{2}$/.test(text);
  const looksLikeInstant = kind === null && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text);
  if (kind === 'date' || looksLikeDate) return <>{formatDate(text, language) || text}</>;
  if (kind === 'instant' || looksLikeInstant) return <>{formatDateTime(text, language) || text}</>;
  if (kind === 'color') {
    return (
      <>
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'inline-block',
            width: 12,
            height: 12,
            me: 0.5,
            borderRadius: 0.5,
            verticalAlign: 'middle',
            bgcolor: text,
            border: 1,
            borderColor: 'divider',
          }}
        />
        {text}
      </>
    );
  }
  if (kind === 'html') return <LongText text={htmlText(text)} />;
  return <LongText text={text} />;
}

/** A list member by name, with what distinguishes it ("Andrea Gómez (Chat web)"). */
function itemText(item: AuditItem, field: Field, t: TFunction, language: string): string {
  const name = field.spec.name ? field.spec.name(item, t, language) : item.name;
  return item.detail ? `${name} (${item.detail})` : name;
}

function SetSentence({ change, field }: { change: AuditSetChange; field: Field }) {
  const { t, i18n } = useTranslation();
  const names = (items: AuditItem[]) => items.map((item) => itemText(item, field, t, i18n.language)).join(', ');
  const parts = [
    change.added.length ? t('audit.change.added', { count: change.added.length, items: names(change.added) }) : null,
    change.removed.length
      ? t('audit.change.removed', { count: change.removed.length, items: names(change.removed) })
      : null,
  ].filter(Boolean);
  return <>{parts.join('; ')}</>;
}

function FieldSentence({ change, field }: { change: AuditFieldChange; field: Field }) {
  const { t } = useTranslation();
  if (field.kind === 'file') {
    const verb = emptyValue(change.from) ? 'uploaded' : emptyValue(change.to) ? 'removedFile' : 'replaced';
    return <>{t(`audit.change.${verb}`)}</>;
  }
  // A value set where there was none reads as the value alone ("Nombre: «Ventas»").
  if (emptyValue(change.from)) return <Value value={change.to} field={field} />;
  return (
    <>
      <Value value={change.from} field={field} />
      {' → '}
      <Value value={change.to} field={field} />
    </>
  );
}

interface Line {
  key: string;
  label: string;
  content: ReactNode;
}

/** Each change of an entry as one or more sentences: a list's additions, removals and changed members apart. */
function linesOf(entry: AuditEntry, t: TFunction, language: string): Line[] {
  return Object.entries(entry.changes ?? {}).flatMap(([path, change]: [string, AuditChange]): Line[] => {
    const field = fieldOf(entry.entity, path, t);
    if (isFact(change))
      return [{ key: path, label: field.label, content: <Value value={change.value} field={field} /> }];
    if (!isListChange(change)) {
      return [{ key: path, label: field.label, content: <FieldSentence change={change} field={field} /> }];
    }
    const lines: Line[] = [];
    for (const part of ['added', 'removed'] as const) {
      if (change[part].length === 0) continue;
      const only: AuditSetChange = { added: [], removed: [], [part]: change[part] };
      lines.push({ key: `${path}:${part}`, label: field.label, content: <SetSentence change={only} field={field} /> });
    }
    change.changed.forEach((itemChange, index) => {
      const inner = fieldOf(entry.entity, `${path}.${itemChange.field}`, t);
      lines.push({
        key: `${path}:changed:${index}`,
        label: field.label,
        content: (
          <>
            {field.spec.name ? field.spec.name(itemChange.item, t, language) : itemChange.item.name}
            {' — '}
            {inner.label}:{' '}
            {'added' in itemChange.change ? (
              <SetSentence change={itemChange.change} field={inner} />
            ) : (
              <FieldSentence change={itemChange.change} field={inner} />
            )}
          </>
        ),
      });
    });
    return lines;
  });
}

/** An entry's changes as sentences in the UI language ("Agentes: se agregó Andrea Gómez (Chat web)"). */
export function AuditChangeLines({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const lines = linesOf(entry, t, i18n.language);
  if (lines.length === 0) return null;
  // A record's creation lists every setting it started with: the first ones, the rest on demand.
  const shown = all || lines.length <= LONG_ENTRY ? lines : lines.slice(0, SHORT_ENTRY);
  const hidden = lines.length - shown.length;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.75, ps: 2.5 }}>
      {shown.map((line) => (
        <Typography
          component="li"
          variant="body2"
          key={line.key}
          data-testid="audit-change"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {/* Isolated: a sentence in Spanish or English keeps its own direction in a right-to-left layout. */}
          <bdi>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {line.label}
            </Box>
            {': '}
            {line.content}
          </bdi>
        </Typography>
      ))}
      {hidden > 0 ? (
        <Box component="li" sx={{ listStyle: 'none' }}>
          <Link component="button" type="button" variant="body2" onClick={() => setAll(true)} data-testid="audit-all">
            {t('audit.change.more', { count: hidden })}
          </Link>
        </Box>
      ) : null}
    </Box>
  );
}
