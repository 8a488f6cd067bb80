import { type ESTree, type Plugin, parseSync } from 'vite';

const PURE = '/*@__PURE__*/ ';

/** Nodes whose insides run later, if ever: their calls are not part of the definition. */
const DEFERRED = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'FunctionDeclaration',
  'ClassExpression',
  'ClassDeclaration',
]);

interface Insertion {
  at: number;
  order: number;
  text: string;
}

type AnyNode = { type: string; start: number; end: number } & Record<string, unknown>;

function isNode(value: unknown): value is AnyNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function children(node: AnyNode): AnyNode[] {
  const found: AnyNode[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) found.push(...value.filter(isNode));
    else if (isNode(value)) found.push(value);
  }
  return found;
}

/**
 * Marks every call of a module's top-level definitions pure: `export const schema = z.object({...}).extend(...)`
 * becomes droppable when nothing imported uses `schema`. A call in a chain (`z.string().trim()`) is put in
 * parentheses so its mark is its own: the outer call's mark, at the same position, would take it otherwise.
 * Function bodies are left alone: their calls run when called, and are not definitions.
 */
export function markDefinitionsPure(code: string, filename: string): string | null {
  const { program, errors } = parseSync(filename, code, { lang: 'js', sourceType: 'module' });
  if (errors.length > 0) return null;
  const insertions: Insertion[] = [];
  let order = 0;
  const insert = (at: number, text: string) => insertions.push({ at, order: order++, text });

  const visit = (node: AnyNode, enclosingCallStart: number | null) => {
    if (DEFERRED.has(node.type)) return;
    const isCall = node.type === 'CallExpression' || node.type === 'NewExpression';
    if (isCall) {
      const wrap = enclosingCallStart === node.start;
      if (wrap) insert(node.start, '(');
      insert(node.start, PURE);
      for (const child of children(node)) visit(child, node.start);
      if (wrap) insert(node.end, ')');
      return;
    }
    for (const child of children(node)) visit(child, enclosingCallStart === node.start ? enclosingCallStart : null);
  };

  for (const statement of program.body as ESTree.Statement[] as unknown as AnyNode[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration) ? statement.declaration : statement;
    if (declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as AnyNode[]) {
      if (isNode(declarator.init)) visit(declarator.init, null);
    }
  }
  if (insertions.length === 0) return null;
  insertions.sort((a, b) => a.at - b.at || a.order - b.order);
  let result = '';
  let last = 0;
  for (const { at, text } of insertions) {
    result += code.slice(last, at) + text;
    last = at;
  }
  return result + code.slice(last);
}

/**
 * Vite plugin: the shared contracts' definitions (zod schemas, tables built from constants) are pure, so the web's
 * bundles keep only those the page uses, and zod only where a page validates with it. Without this, each module's
 * every schema stayed for one constant imported from it (a call might have side effects, as far as the bundler
 * knows). `include` tells which modules are definitions only.
 */
export function pureDefinitions(include: (id: string) => boolean): Plugin {
  return {
    name: 'atiende-pure-definitions',
    apply: 'build',
    transform(code, id) {
      if (!include(id)) return null;
      const marked = markDefinitionsPure(code, id);
      return marked === null ? null : { code: marked, map: null };
    },
  };
}
