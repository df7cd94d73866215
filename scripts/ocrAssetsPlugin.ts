import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * The files tesseract.js loads at run time, served from our own origin. tesseract.js finds them
 * by fixed names inside a directory (`<dir>/eng.traineddata.gz`, `<dir>/tesseract-core-….wasm.js`),
 * so they cannot take Vite's hashed asset names: they go to `ocr/<content hash>/` instead, and
 * the directory reaches the code as the `__OCR_DIR__` constant. Only the LSTM cores are shipped
 * (Cairn runs OEM LSTM_ONLY) and the smaller best_int English data (2.9 MB).
 */
function ocrFiles(): Map<string, string> {
  const tess = pkgDir('tesseract.js');
  const core = pkgDir('tesseract.js-core');
  const eng = pkgDir('@tesseract.js-data/eng');
  return new Map([
    ['worker.min.js', join(tess, 'dist/worker.min.js')],
    ['tesseract-core-lstm.wasm.js', join(core, 'tesseract-core-lstm.wasm.js')],
    ['tesseract-core-simd-lstm.wasm.js', join(core, 'tesseract-core-simd-lstm.wasm.js')],
    ['tesseract-core-relaxedsimd-lstm.wasm.js', join(core, 'tesseract-core-relaxedsimd-lstm.wasm.js')],
    ['eng.traineddata.gz', join(eng, '4.0.0_best_int/eng.traineddata.gz')],
  ]);
}

export function ocrAssetsPlugin(): Plugin {
  const files = ocrFiles();
  const hash = createHash('sha256');
  for (const [name, path] of files) hash.update(name).update(readFileSync(path));
  const dir = `ocr/${hash.digest('hex').slice(0, 10)}/`;
  return {
    name: 'cairn-ocr-assets',
    config: () => ({ define: { __OCR_DIR__: JSON.stringify(`/${dir}`) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const file = path.startsWith(`/${dir}`) ? files.get(path.slice(dir.length + 1)) : undefined;
        if (file === undefined) return next();
        res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/gzip');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [name, path] of files) {
        this.emitFile({ type: 'asset', fileName: `${dir}${name}`, source: readFileSync(path) });
      }
    },
  };
}
