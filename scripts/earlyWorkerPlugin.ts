import type { Plugin } from 'vite';

/**
 * Starts the vault worker from an inline script in index.html, as the HTML is parsed, instead of
 * from the app's first module (docs/foundation.md, "Cold load"). The worker's code then loads
 * while the main bundle is fetched and evaluated, and its thread starts before the main thread
 * is busy with the first render. `src/ui/vault/vaultWorker.ts` takes it over; it names the worker
 * the same way (`cairn-vault:<id>` from `?vault=`). Builds only: the dev server has no hashed file.
 */
export function earlyWorkerPlugin(): Plugin {
  let base = '/';
  return {
    name: 'cairn-early-worker',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((f) => /(^|\/)vault\.worker-[\w-]+\.js$/.test(f));
        if (!file) throw new Error('earlyWorkerPlugin: no vault.worker chunk in the bundle');
        const url = JSON.stringify(base + file);
        return [
          {
            tag: 'script',
            injectTo: 'head',
            // `up` settles on the worker's first message (WORKER_UP, sent as its code starts):
            // listened for here, as the worker may start before the app's modules evaluate.
            children: `try{const v=new URL(location.href).searchParams.get('vault');const w=new Worker(${url},{type:'module',name:v?'cairn-vault:'+v:'cairn-vault'});window.__cairnVaultWorker={vault:v,worker:w,up:new Promise(r=>{const f=e=>{if(e.data&&e.data.type==='cairn:worker-up'){w.removeEventListener('message',f);r()}};w.addEventListener('message',f)})}}catch{}`,
          },
        ];
      },
    },
  };
}
