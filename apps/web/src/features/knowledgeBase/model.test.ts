import { type KbSection, kbArticleBodySchema } from '@atiende/contracts';
import { describe, expect, it } from 'vitest';
import {
  articleFormToBody,
  contrastText,
  emptyArticleForm,
  groupSectionsByCategory,
  highlightRuns,
  highlightText,
  insertArticleText,
  insertLinkText,
  previewColour,
} from './model';

const section = (id: number, name: string, category: { id: number; name: string }): KbSection => ({
  id,
  name,
  description: '',
  category,
  visibleFor: ['agent'],
  articles: 0,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
});

describe('search highlights', () => {
  it('merges neighbouring runs of the same kind and drops empty ones', () => {
    const parts = [
      { text: 'Cómo ', match: false },
      { text: '', match: true },
      { text: 'fact', match: true },
      { text: 'urar', match: true },
      { text: ' un pedido', match: false },
    ];
    expect(highlightRuns(parts)).toEqual([
      { text: 'Cómo ', match: false },
      { text: 'facturar', match: true },
      { text: ' un pedido', match: false },
    ]);
    expect(highlightText(parts)).toBe('Cómo facturar un pedido');
  });
});

describe('what the ticket composer inserts', () => {
  const title = [
    { text: 'Cambiar la ', match: false },
    { text: 'contraseña', match: true },
  ];

  it('a link is "title: url", and nothing without a public page', () => {
    expect(insertLinkText({ title, publicUrl: 'https://ayuda.test/kb/es/articles/7' })).toBe(
      'Cambiar la contraseña: https://ayuda.test/kb/es/articles/7',
    );
    expect(insertLinkText({ title, publicUrl: null })).toBeNull();
  });

  it('the text is the article’s plain text without piled-up blank lines, or its title when empty', () => {
    expect(insertArticleText({ title: 'T', text: '  Paso 1\r\n\r\n\r\n\r\nPaso 2   \n' })).toBe('Paso 1\n\nPaso 2');
    expect(insertArticleText({ title: 'Solo título', text: '   ' })).toBe('Solo título');
  });
});

describe('article form', () => {
  it('an empty form is refused by the shared schema on the title and the section', () => {
    const result = kbArticleBodySchema.safeParse(articleFormToBody(emptyArticleForm(null, 'es')));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['sectionId', 'title']);
  });

  it('sends trimmed labels and keeps the chosen section, language and status', () => {
    const body = articleFormToBody({
      ...emptyArticleForm(4, 'en'),
      title: 'Refunds',
      labels: [' billing ', '', 'billing'],
      status: 'published',
    });
    expect(kbArticleBodySchema.parse(body)).toMatchObject({
      title: 'Refunds',
      sectionId: 4,
      labels: ['billing'],
      status: 'published',
      language: 'en',
    });
  });

  it('groups sections under their categories, both by name', () => {
    const billing = { id: 2, name: 'Facturación' };
    const access = { id: 1, name: 'Acceso' };
    const groups = groupSectionsByCategory([
      section(5, 'Reembolsos', billing),
      section(3, 'Contraseñas', access),
      section(6, 'Facturas', billing),
    ]);
    expect(groups.map((group) => [group.category.name, group.sections.map((item) => item.name)])).toEqual([
      ['Acceso', ['Contraseñas']],
      ['Facturación', ['Facturas', 'Reembolsos']],
    ]);
  });
});

describe('public site preview colours', () => {
  it('uses the typed colour only when it is #RRGGBB, and picks readable text', () => {
    expect(previewColour('#AbCdEf', '#1565c0')).toBe('#AbCdEf');
    expect(previewColour('#abc', '#1565c0')).toBe('#1565c0');
    expect(contrastText('#1565c0')).toBe('#ffffff');
    expect(contrastText('#ffeb3b')).toBe('#000000');
  });
});
