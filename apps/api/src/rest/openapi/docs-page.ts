import type { OpenApiDocument } from './document';

type Operation = {
  tags: string[];
  summary: string;
  description?: string;
  security: unknown[];
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: unknown }[];
  requestBody?: {
    content: Record<string, { schema: unknown; encoding?: Record<string, { contentType: string }> }>;
  };
  responses: Record<string, { description: string; content: Record<string, { schema: unknown }> }>;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function schemaBlock(schema: unknown): string {
  return `<pre>${escape(JSON.stringify(schema, null, 2))}</pre>`;
}

function parametersTable(parameters: NonNullable<Operation['parameters']>): string {
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
      `<td><code>${escape(JSON.stringify(p.schema))}</code>${p.description ? ` ${escape(p.description)}` : ''}</td></tr>`,
  );
  return `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The types each file part of an upload may have. */
function partTypes(encoding: Record<string, { contentType: string }>): string {
  const lines = Object.entries(encoding).map(
    ([part, { contentType }]) => `<li>Part <code>${escape(part)}</code>: ${escape(contentType)}</li>`,
  );
  return `<ul class="muted">${lines.join('')}</ul>`;
}

function tokenBadge(security: unknown[]): string {
  if (security.length === 0) return '';
  const optional = security.some((requirement) => Object.keys(requirement as object).length === 0);
  return optional
    ? ' <span class="lock" title="A bearer token is used if sent">token optional</span>'
    : ' <span class="lock" title="Needs a bearer token">🔒 token</span>';
}

function operationSection(method: string, path: string, operation: Operation): string {
  const body = operation.requestBody
    ? Object.entries(operation.requestBody.content)
        .map(
          ([type, { schema, encoding }]) =>
            `<details><summary>Request body (${escape(type)})</summary>${schemaBlock(schema)}` +
            `${encoding ? partTypes(encoding) : ''}</details>`,
        )
        .join('')
    : '';
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      // Alternatives of one answer (a receipt's JPEG, PNG or PDF) share a schema: show it once.
      const types = Object.keys(response.content);
      const media = Object.values(response.content)[0];
      return (
        `<details><summary><span class="status s${status.charAt(0)}">${status}</span> ${escape(response.description)}` +
        `${types.length > 0 ? ` <small>${escape(types.join(' | '))}</small>` : ''}</summary>${media ? schemaBlock(media.schema) : ''}</details>`
      );
    })
    .join('');
  return `<section class="op">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escape(path)}</code>${tokenBadge(operation.security)}</h3>
<p>${escape(operation.summary)}</p>${operation.description ? `<p class="muted">${escape(operation.description)}</p>` : ''}
${operation.parameters ? parametersTable(operation.parameters) : ''}${body}${responses}
</section>`;
}

/** A self-contained page (no scripts, nothing loaded from elsewhere) listing every operation by tag. */
export function renderDocsPage(document: OpenApiDocument): string {
  const sections = document.tags.map(({ name }) => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, Operation>)
        .filter(([, operation]) => operation.tags.includes(name))
        .map(([method, operation]) => operationSection(method, path, operation)),
    );
    return `<h2 id="${escape(name)}">${escape(name)}</h2>${operations.join('\n')}`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}</title>
<style>
:root { color-scheme: light dark; --bg: #fff; --fg: #1f2937; --muted: #6b7280; --line: #e5e7eb; --code: #f3f4f6; }
@media (prefers-color-scheme: dark) { :root { --bg: #0f172a; --fg: #e5e7eb; --muted: #9ca3af; --line: #334155; --code: #1e293b; } }
body { overflow-wrap: anywhere; margin: 0 auto; max-width: 60rem; padding: 1rem; font: 15px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
code, pre { font-family: ui-monospace, monospace; font-size: 13px; }
pre { background: var(--code); padding: .75rem; border-radius: 6px; overflow-x: auto; }
.op { border: 1px solid var(--line); border-radius: 8px; padding: .25rem 1rem .75rem; margin: .75rem 0; }
.op h3 { font-size: 1rem; overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4.5rem; text-align: center; border-radius: 4px; color: #fff; font-size: 12px; padding: 2px 6px; }
.get { background: #2563eb; } .post { background: #16a34a; } .put { background: #d97706; } .delete { background: #dc2626; }
.status { font-weight: 600; } .s2 { color: #16a34a; } .s4 { color: #d97706; } .s5 { color: #dc2626; }
.muted, small, .lock { color: var(--muted); font-weight: normal; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; display: block; overflow-x: auto; }
th, td { border-bottom: 1px solid var(--line); text-align: left; padding: 4px 8px; vertical-align: top; }
summary { cursor: pointer; padding: 2px 0; }
nav { display: flex; flex-wrap: wrap; gap: .25rem 1rem; } nav a { color: inherit; overflow-wrap: normal; }
</style></head>
<body>
<h1>${escape(document.info.title)} <small>${escape(document.info.version)}</small></h1>
<p>${escape(document.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escape(document.openapi)}). Authenticated routes need <code>Authorization: Bearer &lt;token&gt;</code>; errors are <code>{ "message": "…" }</code>.</p>
<nav>${document.tags.map(({ name }) => `<a href="#${escape(name)}">${escape(name)}</a>`).join('')}</nav>
${sections.join('\n')}
</body></html>
`;
}
