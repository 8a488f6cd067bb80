import { act } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../core/i18n';
import { withTestRoot } from '../test/dom';
import { DataTable, type DataTableColumn, initialTableQuery, VIRTUAL_ROWS_FROM } from './DataTable';
import { FIRST_ROWS_WHILE_LOADING } from './virtual';

interface Row {
  id: number;
  name: string;
}

const columns: DataTableColumn<Row>[] = [
  { id: 'id', label: 'Id', render: (row) => row.id },
  { id: 'name', label: 'Name', render: (row) => <a href={`#/rows/${row.id}`}>{row.name}</a> },
];
const rowsOf = (count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Fila ${i + 1}` }));

const view = withTestRoot();
// happy-dom lays nothing out: rows measure as a medium-density row does in a browser.
const ROW_HEIGHT = 53;
// The table body starts at the top of the page, and moves up as the page scrolls.
const bodyTop = vi
  .spyOn(HTMLTableSectionElement.prototype, 'getBoundingClientRect')
  .mockImplementation(() => ({ top: -window.scrollY, height: 0, width: 800 }) as DOMRect);
beforeAll(() => {
  Object.defineProperty(HTMLTableRowElement.prototype, 'offsetHeight', { configurable: true, get: () => ROW_HEIGHT });
});
afterAll(() => {
  Reflect.deleteProperty(HTMLTableRowElement.prototype, 'offsetHeight');
  bodyTop.mockRestore();
});
afterEach(() => {
  window.scrollTo(0, 0);
});

async function renderTable(rows: Row[]) {
  const clicked: number[] = [];
  await view.render(
    <DataTable
      tableId="test-rows"
      columns={columns}
      rows={rows}
      total={rows.length}
      loading={false}
      query={{ ...initialTableQuery('id'), sizePerPage: 1000 }}
      onQueryChange={() => {}}
      rowKey={(row) => row.id}
      rowTestId={(row) => `row-${row.id}`}
      onRowClick={(row) => clicked.push(row.id)}
      rowsPerPageOptions={[10, 1000]}
    />,
  );
  return clicked;
}

const renderedRows = () => [...view.container.querySelectorAll<HTMLTableRowElement>('tbody tr[data-index]')];

describe('DataTable with many rows', () => {
  it('renders every row of an ordinary page', async () => {
    await renderTable(rowsOf(VIRTUAL_ROWS_FROM - 1));
    expect(renderedRows()).toHaveLength(VIRTUAL_ROWS_FROM - 1);
    expect(view.container.querySelector('table')?.getAttribute('aria-rowcount')).toBeNull();
    expect(view.container.querySelector('[data-testid^="data-table-spacer"]')).toBeNull();
  });

  it('renders only the rows in view of 1,000, keeps the count for assistive technology and follows the scroll', async () => {
    const clicked = await renderTable(rowsOf(1000));
    // The virtualizer's code loads on first need (ui/virtual.ts): until then the first rows show.
    await vi.waitFor(() => expect(renderedRows().length).toBeLessThan(FIRST_ROWS_WHILE_LOADING));
    const table = view.container.querySelector('table');
    expect(table?.getAttribute('aria-rowcount')).toBe('1001');
    const first = renderedRows();
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(100);
    expect(first[0].getAttribute('aria-rowindex')).toBe('2');
    expect(first[0].dataset.testid).toBe('row-1');
    // The rows left out below keep their height, so the page scrolls as far as with every row in it.
    const after = view.container.querySelector<HTMLElement>('[data-testid="data-table-spacer-after"]');
    expect(after?.getAttribute('aria-hidden')).toBe('true');
    expect(view.container.querySelector('[data-testid="data-table-spacer-before"]')).toBeNull();

    // Scrolled down the page, the rows there are rendered and the ones above are not.
    await act(async () => {
      window.scrollTo(0, 500 * ROW_HEIGHT);
      window.dispatchEvent(new Event('scroll'));
    });
    await vi.waitFor(() => expect(view.container.querySelector('[data-testid="row-500"]')).not.toBeNull());
    expect(view.container.querySelector('[data-testid="row-1"]')).toBeNull();
    expect(view.container.querySelector('[data-testid="data-table-spacer-before"]')).not.toBeNull();
    const row = view.container.querySelector<HTMLTableRowElement>('[data-testid="row-500"]');
    expect(row?.getAttribute('aria-rowindex')).toBe('501');
    // A rendered row works as any other.
    await act(async () => row?.click());
    expect(clicked).toEqual([500]);
  });
});
