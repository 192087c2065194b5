import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Which module each module imports, and from which file (for the message of a failing check). */
export type ModuleGraph = Map<string, Map<string, string[]>>;

/** Tests and their helpers may reach any module: only the code the server runs counts. */
const TEST_CODE = /(\.test\.ts|[/\\]testing(-[^/\\]*)?\.ts)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !TEST_CODE.test(path) ? [path] : [];
  });
}

/** Every specifier a file imports or re-exports, static or `import()`, types included. */
function importedSpecifiers(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) specifiers.push(literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/**
 * The graph of `src/modules/<module>` folders: an edge for every import (types too: a type
 * from another module is a dependency on it all the same) from one module's server code into
 * another module. `srcDir` is the API's `src`; `#src/*` imports resolve against it.
 */
export function moduleGraph(srcDir: string): ModuleGraph {
  const modulesDir = join(srcDir, 'modules');
  const moduleOf = (path: string) => {
    const inside = relative(modulesDir, path);
    return inside.startsWith('..') || !inside.includes(sep) ? undefined : inside.split(sep)[0];
  };
  const graph: ModuleGraph = new Map();
  for (const name of readdirSync(modulesDir, { withFileTypes: true })) {
    if (name.isDirectory()) graph.set(name.name, new Map());
  }
  for (const [from, edges] of graph) {
    for (const file of sourceFiles(join(modulesDir, from))) {
      for (const specifier of importedSpecifiers(file)) {
        const target = specifier.startsWith('#src/')
          ? join(srcDir, specifier.slice('#src/'.length))
          : specifier.startsWith('.')
            ? resolve(dirname(file), specifier)
            : undefined;
        const to = target && moduleOf(target);
        if (!to || to === from) continue;
        const files = edges.get(to) ?? [];
        files.push(relative(srcDir, file));
        edges.set(to, files);
      }
    }
  }
  return graph;
}

/**
 * The cycles of a graph: each strongly connected component of more than one module (Tarjan's
 * algorithm), its modules sorted. None: the modules form a layered graph.
 */
export function moduleCycles(graph: ModuleGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
