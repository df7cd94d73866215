/// <reference lib="webworker" />
// Composition root of the render worker (vault_view_file): pdf.js and image decoding run here,
// off the UI thread and off the vault worker, which stays free for other calls meanwhile.
import * as Comlink from 'comlink';
import { renderFile } from './renderFile';

Comlink.expose({ render: renderFile });
