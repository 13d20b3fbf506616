import path from 'node:path';
import ts from 'typescript';

/** A source file under `modules/`, its path relative to that folder (`videos/videos.service.ts`). */
export interface ModuleFile {
  path: string;
  text: string;
}

/** A table the schema exports: the Drizzle object's name, its SQL name and the owning module. */
export interface OwnedTable {
  exportName: string;
  sqlName: string;
  owner: string;
}

export interface TableViolation {
  file: string;
  table: string;
  owner: string;
  /** `import users` (the Drizzle object) or `sql: from users` (raw SQL). */
  how: string;
}

export interface ModuleCircle {
  /** The modules that import each other, directly or through one another. */
  modules: string[];
  /** One way round (the shortest), one importing file per step: `accounts/x.ts -> creators/y`. */
  steps: string[];
}

/** Test files and their shared fixtures seed the database directly and may compose modules. */
export function isChecked(file: string): boolean {
  return file.includes('/') && !file.endsWith('.test.ts') && !file.endsWith('/test-support.ts');
}

const moduleOf = (file: string) => file.split('/')[0]!;

/** SQL that reads or writes a table: `from t`, `join t`, `update t`, `into t`, `table t`. */
const sqlTable = /\b(from|join|update|into|table)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/**
 * Files under `modules/` that name a table another module owns, either by importing its Drizzle
 * object from `db/schema` or by writing its SQL name after from/join/update/into in a string.
 */
export function findForeignTables(files: ModuleFile[], tables: OwnedTable[]): TableViolation[] {
  const byExport = new Map(tables.map((t) => [t.exportName, t]));
  const bySql = new Map(tables.map((t) => [t.sqlName, t]));
  const violations: TableViolation[] = [];
  for (const file of files.filter((f) => isChecked(f.path))) {
    const module = moduleOf(file.path);
    const report = (table: OwnedTable, how: string) => {
      if (table.owner !== module)
        violations.push({ file: file.path, table: table.sqlName, owner: table.owner, how });
    };
    const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
    const namespaces = new Set<string>();
    const visit = (node: ts.Node) => {
      if (
        ts.isImportDeclaration(node) &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        /(^|\/)db\/schema(\/|$)/.test(node.moduleSpecifier.text)
      ) {
        const bindings = node.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            const table = byExport.get((element.propertyName ?? element.name).text);
            if (table) report(table, `import ${table.exportName}`);
          }
        } else if (bindings && ts.isNamespaceImport(bindings)) {
          namespaces.add(bindings.name.text);
        }
      } else if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        namespaces.has(node.expression.text)
      ) {
        const table = byExport.get(node.name.text);
        if (table) report(table, `import ${table.exportName}`);
      } else if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        for (const match of node.text.matchAll(sqlTable)) {
          const table = bySql.get(match[2]!.toLowerCase());
          if (table) report(table, `sql: ${match[1]!.toLowerCase()} ${table.sqlName}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return violations;
}

/** Every relative import (static, re-export or dynamic) of a file, resolved against modules/. */
function importsOf(file: ModuleFile): string[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file.path), s)))
    .filter((target) => !target.startsWith('..'));
}

export interface DeepImport {
  file: string;
  /** The other module's file it names (`videos/videos.service`), instead of its face (`videos`). */
  target: string;
}

/**
 * Imports that reach into another module's files: a module shows one face, its `index.ts`, and
 * others import only that (`'../videos'`). Tests and their fixtures may also import another
 * module's `test-support.ts`.
 */
export function findDeepImports(files: ModuleFile[]): DeepImport[] {
  return files
    .filter((file) => file.path.includes('/'))
    .flatMap((file) =>
      importsOf(file)
        .filter((target) => target.includes('/') && moduleOf(target) !== moduleOf(file.path))
        .filter((target) => isChecked(file.path) || !target.endsWith('/test-support'))
        .map((target) => ({ file: file.path, target })),
    );
}

/** Which module imports which: module -> imported module -> one example (`file -> target`). */
export function moduleImports(files: ModuleFile[]): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of files.filter((f) => isChecked(f.path))) {
    const from = moduleOf(file.path);
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      if (!out.has(to)) out.set(to, `${file.path} -> ${target}`);
      edges.set(from, out);
    }
  }
  return edges;
}

/**
 * Circles between modules: module A imports module B (any file of A, any file of B) and B, maybe
 * through others, imports A. The file-level rule (import-x/no-cycle) cannot see these when the
 * files differ. One circle is reported per strongly connected group of modules; `ignored` imports
 * (module pairs) are left out of the graph.
 */
export function findModuleCircles(
  files: ModuleFile[],
  ignored: Array<[string, string]> = [],
): ModuleCircle[] {
  const edges = moduleImports(files);
  for (const [from, to] of ignored) edges.get(from)?.delete(to);
  const circles: ModuleCircle[] = [];
  for (const group of stronglyConnected([...edges.keys()].sort(), (m) => [...(edges.get(m)?.keys() ?? [])])) {
    if (group.length < 2) continue;
    // One way round: the shortest path of imports from the group's first module back to it.
    const members = new Set(group);
    const home = group[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [home];
    while (queue.length && !cameFrom.has(home)) {
      const m = queue.shift()!;
      for (const n of [...(edges.get(m)?.keys() ?? [])].sort()) {
        if (!members.has(n) || cameFrom.has(n)) continue;
        cameFrom.set(n, m);
        queue.push(n);
      }
    }
    const path: string[] = [];
    for (let m = cameFrom.get(home)!; m !== home; m = cameFrom.get(m)!) path.unshift(m);
    const order = [home, ...path];
    const steps = order.map((m, i) => edges.get(m)!.get(order[(i + 1) % order.length]!)!);
    circles.push({ modules: group, steps });
  }
  return circles;
}

/** Tarjan's strongly connected components; each group sorted by name. */
function stronglyConnected(nodes: string[], next: (n: string) => string[]): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      groups.push(group.sort());
    }
  };
  for (const n of nodes) if (!index.has(n)) connect(n);
  return groups;
}

/** Crossings that predate the check, listed so that it fails on any new one while they are removed. */
export interface KnownCrossings {
  /** file -> SQL names of the foreign tables it may still name */
  tables: Record<string, string[]>;
  /** module imports (`[from, to]`) that close a circle today; without them the modules form none */
  circleImports: Array<[string, string]>;
}

/** The foreign table uses that the known crossings do not cover. */
export function newTableUses(violations: TableViolation[], known: KnownCrossings): TableViolation[] {
  return violations.filter((v) => !known.tables[v.file]?.includes(v.table));
}
