/*
 * Template variables and how a template is filled: constants and the pure functions over them, without zod. The schemas are in templates.ts; these stay apart
 * so a web page that needs a constant does not download zod and every schema with it (docs/performance.md).
 */
/**
 * Variables a template may use; filled from the ticket's customer and the agent when inserted in the composer.
 * Unknown variables are refused when the template is saved.
 */
export const TEMPLATE_VARIABLES = [
  'cliente.nombre',
  'cliente.apellido',
  'cliente.nombre_completo',
  'cliente.documento',
  'cliente.correo',
  'cliente.telefono',
  'agente.nombre',
  'caso.numero',
  'campana.nombre',
  'empresa.nombre',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** The variables a text uses, in order of first appearance (`{{ cliente.nombre }}`, spaces allowed). */
export function templateVariablesOf(body: string): string[] {
  const found: string[] = [];
  for (const match of body.matchAll(/\{\{\s*([a-z_.]+)\s*\}\}/gi)) {
    const name = match[1].toLowerCase();
    if (!found.includes(name)) found.push(name);
  }
  return found;
}

/** Replaces every known variable by its value ('' when the value is missing); unknown ones stay as written. */
export function fillTemplate(
  body: string,
  values: Partial<Record<TemplateVariable, string | null | undefined>>,
): string {
  return body.replace(/\{\{\s*([a-z_.]+)\s*\}\}/gi, (whole, name: string) => {
    const key = name.toLowerCase() as TemplateVariable;
    return (TEMPLATE_VARIABLES as readonly string[]).includes(key) ? (values[key] ?? '') : whole;
  });
}
