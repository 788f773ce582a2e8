// Scripts off the critical path of the first paint. React Router's <Scripts> puts a
// `modulepreload` for every chunk of the page in the head and an inline module script that
// imports them at the end of the body: on a slow phone link ~130 kB of JavaScript then
// competes with the stylesheet before anything is painted, although the server's HTML is
// already the whole page. Here, in the finished document:
// - the `modulepreload` links are removed;
// - the inline module script becomes inert data (`type="text/x-deferred-module"`, same text);
// - a small inline script starts both after the first paint (a frame, then a task): it adds
//   the preload links and a module script with exactly the same text.
// The CSP still allows the re-created script: its nonce is copied from the inert one, and a
// page shared from the cache lists the hash of every inline script's text, this one included.
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const BOOT_SCRIPT = /<script([^>]*?)\stype="module"([^>]*)>([\s\S]*?)<\/script>/;

export function deferHydration(html: string, nonce: string): string {
  const match = BOOT_SCRIPT.exec(html);
  if (!match) return html;
  const hrefs = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]);
  const [whole, before, after, text] = match;
  const inert = `<script${before} type="text/x-deferred-module" id="hydrate"${after.replace(/\sasync=""/, "")}>${text}</script>`;
  const loader =
    `(()=>{let started=false;const start=()=>{if(started)return;started=true;` +
    `for(const href of ${JSON.stringify(hrefs)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link)}` +
    `const inert=document.getElementById("hydrate");const script=document.createElement("script");script.type="module";` +
    `if(inert.nonce)script.nonce=inert.nonce;script.textContent=inert.textContent;document.body.appendChild(script)};` +
    `requestAnimationFrame(()=>setTimeout(start));setTimeout(start,3000)})()`;
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return html.replace(MODULEPRELOAD, "").replace(whole, () => `${inert}<script${nonceAttribute}>${loader}</script>`);
}
