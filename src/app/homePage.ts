import type { scenarioSummary } from './scenarioSummary.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The scenario's home page: plain HTML, no script, every notable entity linked to its endpoints. */
export function homePage(summary: ReturnType<typeof scenarioSummary>): string {
  const counts = Object.entries(summary.counts)
    .map(([name, count]) => `<tr><th scope="row">${escape(name)}</th><td>${count.toLocaleString('en-US')}</td></tr>`)
    .join('');
  const handles = summary.handles
    .map(
      (h) =>
        `<li id="${escape(h.name)}"><strong>${escape(h.name)}</strong> <span class="kind">${h.kind}</span> <code>${escape(h.value)}</code><br>${h.links
          .map(
            (link) => `<a href="${escape(link)}">${escape(link.replace(/^\/api\/v2/, '').replace(h.value, '…'))}</a>`,
          )
          .join(' · ')}</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>explorer-mock · ${escape(summary.scenario.name)} · seed ${escape(summary.seed)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#1c1c1c}
code{font-size:13px;background:#f3f3f3;padding:0 .25rem}
table{border-collapse:collapse}th,td{padding:.15rem .75rem;text-align:left;border-bottom:1px solid #ddd}
li{margin:.6rem 0}.kind{color:#666;font-size:12px;text-transform:uppercase}
</style>
</head>
<body>
<h1>explorer-mock: scenario <code>${escape(summary.scenario.name)}</code>, seed <code>${escape(summary.seed)}</code>, profile <code>${escape(summary.profile)}</code></h1>
<p>${escape(summary.scenario.description)}</p>
${summary.start ? `<p id="start">Chain ${summary.start.source === 'snapshot' ? `loaded from the cache (<code>${escape(summary.start.file ?? '')}</code>)` : `built${summary.start.file ? ' (its snapshot goes to the cache)' : ' (cache off)'}`} in ${summary.start.chainMs} ms${summary.start.readyMs === null ? '' : `; ready ${summary.start.readyMs} ms after start`}.</p>\n` : ''}${summary.start && 'build' in summary.start && summary.start.build ? `<p id="build">Build ${summary.start.build.number} of the scenario file, rebuilt ${escape(summary.start.build.at)}.</p>\n` : ''}<p>Head block ${summary.headHeight}. API under <a href="/api/v2/blocks">/api/v2</a>; OpenAPI document: <a href="${summary.openapi}">${summary.openapi}</a>; this page as JSON: <a href="/__mock/scenario">/__mock/scenario</a>.</p>
<p id="node">Node: Ethereum JSON-RPC at <code>${summary.node.rpc}</code> (HTTP POST and websocket), chain id <code>${summary.node.chainId}</code> (<code>0x${summary.node.chainId.toString(16)}</code>).</p>
<h2>Counts</h2>
<table>${counts}</table>
<h2>Notable entities</h2>
<ul>
${handles}
</ul>
</body>
</html>
`;
}
