/** The enum and const values a component can reach through its properties and refs (reference-only subtrees aside). */
export function reachableEnums(
  schemas: Record<string, Record<string, unknown>>,
  component: string,
  seen = new Set<string>(),
): string[] {
  if (seen.has(component)) return [];
  seen.add(component);
  const out: string[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (n['x-reference-only'] === true && component !== 'Session') return;
    if (Array.isArray(n.enum)) out.push(...(n.enum as string[]));
    if (typeof n.const === 'string') out.push(n.const);
    if (typeof n.$ref === 'string') out.push(...reachableEnums(schemas, n.$ref.split('/').pop()!, seen));
    for (const [k, v] of Object.entries(n)) if (k !== 'enum' && k !== 'examples' && k !== 'description') visit(v);
  };
  visit(schemas[component]);
  return out;
}
