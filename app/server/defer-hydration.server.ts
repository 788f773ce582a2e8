// Scripts off the critical path of the first paint. React Router's <Scripts> puts a
// `modulepreload` for every chunk of the page in the head and an inline module script that
// imports them at the end of the body: on a slow phone link ~130 kB of JavaScript then
// competes with the stylesheet before anything is painted, although the server's HTML is
// already the whole page. Here, in the finished document:
// - the `modulepreload` links are removed;
// - the inline module script becomes inert data (`type="text/x-deferred-module"`, same text);
// - a small inline script starts both once the browser reports the largest paint so far
//   (a `largest-contentful-paint` entry; `first-contentful-paint` where the browser has no
//   LCP entries; a frame then a task where it has neither; in any case after 3 s): it adds
//   a module script with exactly the same text, then the preload links, one per task.
// Why a paint entry and not "a frame, then a task": the task after a frame runs when the
// frame has been drawn on the main thread, but the paint reaches the screen later (raster,
// compositor). On `/` the scripts were asked for 58 ms before the heading, the largest paint,
// was shown (Lighthouse's observed trace: requests from 626 ms, paint at 684 ms), so the
// whole 110 kB framework counted as script before LCP. A paint entry is only delivered once
// the browser knows when the paint was shown.
// A click on a scripted button (`type="button"`: it does nothing without scripts) before
// hydration is held and played again after it; links and form buttons work without scripts.
// What is typed or chosen in a form field before hydration is noted and handed to the page's
// state once hydrated, so a controlled field does not fall back to its first value.
// The CSP still allows the re-created script: its nonce is copied from the inert one, and a
// page shared from the cache lists the hash of every inline script's text, this one included.
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const BOOT_SCRIPT = /<script([^>]*?)\stype="module"([^>]*)>([\s\S]*?)<\/script>/;

export function deferHydration(html: string, nonce: string): string {
  const match = BOOT_SCRIPT.exec(html);
  if (!match) return html;
  const hrefs = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]);
  const [whole, before, after, text] = match;
  const posts = /<form[^>]*\smethod="post"/i.test(html);
  const inert = `<script${before} type="text/x-deferred-module" id="hydrate"${after.replace(/\sasync=""/, "")}>${text}</script>`;
  const loader =
    `(()=>{let started=false;const start=()=>{if(started)return;started=true;` +
    `const inert=document.getElementById("hydrate");const script=document.createElement("script");script.type="module";` +
    `if(inert.nonce)script.nonce=inert.nonce;script.textContent=inert.textContent;document.body.appendChild(script);` +
    // One preload per task: starting a request costs Chromium 1-10 ms on a slow phone, and
    // a dozen in one task made it a 25-70 ms task (Total Blocking Time); the boot module
    // above already asks for its own imports, the preloads only fetch the deeper ones early.
    `const hrefs=${JSON.stringify(hrefs)};const preload=()=>{const href=hrefs.shift();if(!href)return;` +
    `const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link);setTimeout(preload)};` +
    `setTimeout(preload)};` +
    `const later=()=>setTimeout(start);const types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];` +
    `if(types.includes("largest-contentful-paint"))new PerformanceObserver(later).observe({type:"largest-contentful-paint",buffered:true});` +
    `else if(types.includes("paint"))new PerformanceObserver((list)=>{if(list.getEntriesByName("first-contentful-paint").length)later()}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(later);setTimeout(start,3000);` +
    // A tap on a scripted button before hydration (add to cart, favourite, menus) is held,
    // starts the scripts at once, and is played again once the page is hydrated: never lost,
    // never played twice (React does not see the held click).
    `const root=document.documentElement;const held=[];` +
    `const hold=(e)=>{if(root.dataset.hydrated)return;const button=e.target instanceof Element&&e.target.closest('button[type="button"]');` +
    `if(!button)return;e.preventDefault();e.stopImmediatePropagation();if(!held.includes(button))held.push(button);start()};` +
    `addEventListener("click",hold,true);` +
    // What is typed or chosen in a field before hydration is noted as it happens (hydration may
    // already have reset a select by the time anything could read it) and given back to the
    // page's state once hydrated (app/lib/typed-before-hydration.ts). Only pages with a form
    // that posts carry it: the catalog pages' bytes stay as small as they were.
    (posts
      ? `const typed=new Map();window.__typedBeforeHydration=typed;` +
        `const note=(e)=>{const t=e.target;if(root.dataset.hydrated||!(t instanceof HTMLInputElement||t instanceof HTMLTextAreaElement||t instanceof HTMLSelectElement))return;` +
        `typed.delete(t);typed.set(t,{value:t.value,checked:t instanceof HTMLInputElement&&t.checked})};` +
        `addEventListener("input",note,true);addEventListener("change",note,true);`
      : "") +
    `new MutationObserver((_,observer)=>{if(!root.dataset.hydrated)return;observer.disconnect();removeEventListener("click",hold,true);` +
    (posts ? `removeEventListener("input",note,true);removeEventListener("change",note,true);` : "") +
    `for(const button of held.splice(0))if(button.isConnected)button.click()}).observe(root,{attributes:true,attributeFilter:["data-hydrated"]})})()`;
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  return html.replace(MODULEPRELOAD, "").replace(whole, () => `${inert}<script${nonceAttribute}>${loader}</script>`);
}
