import { createHash } from 'node:crypto';

/**
 * The help center's one style sheet, inline (no request for it) with the organization's colour,
 * and the CSP hash that lets only it apply: the pages run no script at all.
 */
const cache = new Map<string, { css: string; hash: string }>();

export function helpCenterStyle(color: string): { css: string; hash: string } {
  const kept = cache.get(color);
  if (kept) return kept;
  const css = `:root{--accent:${color};--bg:#fff;--fg:#1b1f24;--muted:#57606a;--line:#d8dee4;--card:#f6f8fa;--code:#eff2f5;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0f1317;--fg:#e6edf3;--muted:#9aa5b1;--line:#30363d;--card:#161b22;--code:#1f262e}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}a:focus-visible,button:focus-visible,input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.top{background:var(--accent);color:#fff;padding:20px 0 28px}.top a{color:#fff;text-decoration:none}
.top__bar{max-width:1040px;margin:0 auto;padding:0 16px;display:flex;align-items:center;gap:12px;font-weight:600;font-size:18px}.top__bar img{height:32px;width:auto;border-radius:6px}
.top h1{max-width:1040px;margin:20px auto 12px;padding:0 16px;font-size:28px;line-height:1.25}
.search{max-width:1040px;margin:0 auto;padding:0 16px;display:flex;gap:8px}.search input{flex:1;min-width:0;font:inherit;padding:10px 14px;border-radius:8px;border:1px solid var(--line);background:var(--bg);color:var(--fg)}
.search button{font:inherit;padding:10px 16px;border-radius:8px;border:0;background:rgba(0,0,0,.25);color:#fff;cursor:pointer}
main{max-width:1040px;margin:0 auto;padding:24px 16px 64px}
.crumbs{font-size:14px;color:var(--muted);margin:0 0 16px}.crumbs a{color:var(--muted)}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:16px;list-style:none;padding:0;margin:0}
.card{display:block;height:100%;padding:18px;border:1px solid var(--line);border-radius:10px;background:var(--card);text-decoration:none;color:inherit}
.card:hover{border-color:var(--accent)}.card h2{margin:0 0 6px;font-size:18px;color:var(--fg)}.card p{margin:0;color:var(--muted);font-size:14px}
.icon{font-size:22px;margin-right:6px}.count{color:var(--muted);font-size:13px;margin-top:8px;display:block}
.list{list-style:none;padding:0;margin:0;border:1px solid var(--line);border-radius:10px}.list li+li{border-top:1px solid var(--line)}
.list a{display:block;padding:14px 16px;text-decoration:none;color:var(--fg)}.list a:hover{background:var(--card)}.list small{display:block;color:var(--muted)}
.hit mark{background:color-mix(in srgb,var(--accent) 25%,transparent);color:inherit}
.article{display:grid;grid-template-columns:minmax(0,1fr) 220px;gap:40px}@media (max-width:820px){.article{grid-template-columns:1fr}.article>.toc{display:none}}
.toc-inline{display:none;margin:0 0 20px;border:1px solid var(--line);border-radius:10px;padding:10px 16px;font-size:14px}.toc-inline summary{cursor:pointer;font-weight:600}.toc-inline ol{list-style:none;padding:0;margin:8px 0 2px}.toc-inline li{margin:6px 0}.toc-inline .sub{padding-left:12px}.toc-inline a{color:var(--muted);text-decoration:none}@media (max-width:820px){.toc-inline{display:block}}
.toc{font-size:14px;position:sticky;top:16px;align-self:start}.toc ol{list-style:none;padding:0;margin:0}.toc li{margin:4px 0}.toc .sub{padding-left:12px}.toc a{color:var(--muted);text-decoration:none}.toc a:hover{color:var(--accent)}
.body h2{margin-top:32px;font-size:22px}.body h3{font-size:18px}.body img{max-width:100%;height:auto;border-radius:6px}
.body pre{background:var(--code);padding:12px 14px;border-radius:8px;overflow:auto}.body code{background:var(--code);padding:1px 4px;border-radius:4px;font-size:.92em}.body pre code{padding:0;background:none}
.body table{border-collapse:collapse;width:100%;display:block;overflow:auto}.body th,.body td{border:1px solid var(--line);padding:6px 10px;text-align:left}
.body blockquote{margin:0;padding-left:14px;border-left:3px solid var(--line);color:var(--muted)}
.body [data-callout]{padding:12px 14px;border-radius:8px;border-left:4px solid var(--accent);background:var(--card);margin:16px 0}
.body [data-callout]>:first-child{margin-top:0}.body [data-callout]>:last-child{margin-bottom:0}.body [data-callout=warning]{border-left-color:#d29922}.body [data-callout=success]{border-left-color:#2da44e}
.meta{color:var(--muted);font-size:14px}.pager{display:flex;justify-content:space-between;gap:16px;margin:40px 0 24px;flex-wrap:wrap}.pager a{max-width:48%}
.helpful{border-top:1px solid var(--line);padding-top:20px;display:flex;align-items:center;gap:12px;flex-wrap:wrap}.helpful button{font:inherit;padding:6px 16px;border-radius:999px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
.helpful button:hover{border-color:var(--accent)}footer{text-align:center;color:var(--muted);font-size:13px;padding:24px}`;
  const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  const value = { css, hash };
  cache.set(color, value);
  return value;
}
