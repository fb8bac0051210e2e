import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import ts from 'typescript';

/**
 * The coarse class of a column's value as a query answers it: what the drift check compares between
 * db/schema.ts and information_schema.columns (docs/0074). Enum-like string unions are 'string',
 * jsonb of any shape is 'json', bytea is 'bytes'.
 */
export type TTypeClass = 'number' | 'string' | 'boolean' | 'Date' | 'json' | 'bytes';

/** One column of a table interface as the TypeScript declares it. */
export type TDeclaredColumn = {
  typeClass: TTypeClass | `mixed(${string})`;
  nullable: boolean;
  /** Wrapped in Generated<…>: inserts may leave it out, so the database must supply it. */
  generated: boolean;
};

/** Table name → column name → declaration, read from the `DB` interface of a schema.ts. */
export type TDeclaredSchema = Map<string, Map<string, TDeclaredColumn>>;

type TDecls = { interfaces: Map<string, ts.InterfaceDeclaration>; aliases: Map<string, ts.TypeAliasDeclaration> };

type TResolved = { classes: Set<string>; nullable: boolean; generated: boolean };

/** Type references that name a class outright, whatever they are declared as. */
const NAMED_CLASSES: Record<string, TTypeClass> = { Date: 'Date', Uint8Array: 'bytes', Buffer: 'bytes', Record: 'json', Array: 'json' };

/** Aliases whose name says the class: `Json<T>` is jsonb whatever T is. */
const ALIAS_CLASSES: Record<string, TTypeClass> = { Json: 'json' };

function merge(parts: TResolved[], generated = false): TResolved {
  return {
    classes: new Set(parts.flatMap((p) => [...p.classes])),
    nullable: parts.some((p) => p.nullable),
    generated: generated || parts.some((p) => p.generated),
  };
}

const only = (typeClass: TTypeClass): TResolved => ({ classes: new Set([typeClass]), nullable: false, generated: false });

/** The class of a type reference: Kysely's wrappers, the file's own aliases, or a named class. */
function resolveReference(node: ts.TypeReferenceNode, decls: TDecls): TResolved {
  const name = node.typeName.getText();
  const args = node.typeArguments ?? [];
  // Generated<T> and ColumnType<Select, Insert, Update>: what a select answers is the first argument.
  if (name === 'Generated') return merge([resolve(args[0]!, decls)], true);
  if (name === 'ColumnType') return resolve(args[0]!, decls);
  if (ALIAS_CLASSES[name]) return only(ALIAS_CLASSES[name]);
  if (NAMED_CLASSES[name]) return only(NAMED_CLASSES[name]);
  const alias = decls.aliases.get(name);
  if (alias) return resolve(alias.type, decls);
  // An interface used as a column's type is a shaped jsonb value.
  if (decls.interfaces.has(name)) return only('json');
  throw new Error(`schema.ts: no class known for the type ${name}`);
}

/** The class, nullability and default of a column's declared type. */
function resolve(node: ts.TypeNode, decls: TDecls): TResolved {
  if (ts.isUnionTypeNode(node)) return merge(node.types.map((t) => resolve(t, decls)));
  if (ts.isParenthesizedTypeNode(node)) return resolve(node.type, decls);
  if (ts.isTypeReferenceNode(node)) return resolveReference(node, decls);
  if (ts.isLiteralTypeNode(node)) {
    if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { classes: new Set(), nullable: true, generated: false };
    if (ts.isStringLiteral(node.literal)) return only('string');
    if (ts.isNumericLiteral(node.literal)) return only('number');
    return only('boolean');
  }
  if (ts.isArrayTypeNode(node) || ts.isTupleTypeNode(node) || ts.isTypeLiteralNode(node)) return only('json');
  if (ts.isTemplateLiteralTypeNode(node)) return only('string');
  switch (node.kind) {
    case ts.SyntaxKind.NumberKeyword:
      return only('number');
    case ts.SyntaxKind.StringKeyword:
      return only('string');
    case ts.SyntaxKind.BooleanKeyword:
      return only('boolean');
    // A column typed unknown is a jsonb value the code parses with a schema before it trusts it.
    case ts.SyntaxKind.UnknownKeyword:
      return only('json');
  }
  throw new Error(`schema.ts: no class known for the type ${node.getText()}`);
}

/**
 * The interfaces and aliases of a schema file and of every file it imports or re-exports by a
 * relative path (db/schema.ts composes the area files of db/schema/), read once each.
 */
function declarations(path: string, decls: TDecls = { interfaces: new Map(), aliases: new Map() }, read = new Set<string>()): TDecls {
  if (read.has(path)) return decls;
  read.add(path);
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) decls.interfaces.set(statement.name.text, statement);
    if (ts.isTypeAliasDeclaration(statement)) decls.aliases.set(statement.name.text, statement);
    const from = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (from && ts.isStringLiteral(from) && from.text.startsWith('.')) declarations(resolvePath(dirname(path), from.text), decls, read);
  }
  return decls;
}

/** The properties of an interface with those of the interfaces it extends (of the files read). */
function propertiesOf(node: ts.InterfaceDeclaration, decls: TDecls): ts.TypeElement[] {
  const inherited = (node.heritageClauses ?? []).flatMap((clause) =>
    clause.types.map((t) => {
      const base = decls.interfaces.get(t.expression.getText());
      if (!base) throw new Error(`schema.ts: ${node.name.text} extends ${t.expression.getText()}, an interface of no file read`);
      return propertiesOf(base, decls);
    }),
  );
  return [...inherited.flat(), ...node.members];
}

function columnsOf(table: ts.InterfaceDeclaration, decls: TDecls): Map<string, TDeclaredColumn> {
  const columns = new Map<string, TDeclaredColumn>();
  for (const member of propertiesOf(table, decls)) {
    if (!ts.isPropertySignature(member) || !member.type) throw new Error(`schema.ts: ${table.name.text} has a member that is not a typed property`);
    const resolved = resolve(member.type, decls);
    const classes = [...resolved.classes].sort();
    const typeClass = classes.length === 1 ? (classes[0] as TTypeClass) : (`mixed(${classes.join('|')})` as const);
    columns.set(member.name.getText(), { typeClass, nullable: resolved.nullable, generated: resolved.generated });
  }
  return columns;
}

/**
 * Reads the tables of a Kysely schema file with the TypeScript parser (types do not exist at run
 * time): every property of the `DB` interface (its own and those of the interfaces it extends) names
 * a table and its interface, whose properties are the columns. The files the schema file imports or
 * re-exports are read with it.
 */
export function declaredSchema(path: string): TDeclaredSchema {
  const decls = declarations(path);
  const db = decls.interfaces.get('DB');
  if (!db) throw new Error(`${path}: no DB interface`);
  const tables: TDeclaredSchema = new Map();
  for (const member of propertiesOf(db, decls)) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type))
      throw new Error(`${path}: DB has a member that is not a table interface`);
    const table = decls.interfaces.get(member.type.typeName.getText());
    if (!table) throw new Error(`${path}: DB.${member.name.getText()} names no interface of the files read`);
    tables.set(member.name.getText(), columnsOf(table, decls));
  }
  return tables;
}

/** The class a PostgreSQL data_type (as information_schema.columns spells it) answers in a query. */
export function classOfPgType(dataType: string): TTypeClass | `unknown(${string})` {
  switch (dataType) {
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'real':
    case 'double precision':
      return 'number';
    case 'text':
    case 'character varying':
    case 'character':
    case 'uuid':
    case 'inet':
    case 'bit': // bit strings answer as text of 0s and 1s ('0101…') on both drivers
    case 'bit varying':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'timestamp with time zone':
    case 'timestamp without time zone':
    case 'date':
      return 'Date';
    case 'json':
    case 'jsonb':
      return 'json';
    case 'bytea':
      return 'bytes';
  }
  // numeric is left out on purpose: both drivers answer it as a string, so it gets its own review.
  return `unknown(${dataType})`;
}
