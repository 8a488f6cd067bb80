/** The texts of one locale file, split by build/locale-parts.ts. */
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
