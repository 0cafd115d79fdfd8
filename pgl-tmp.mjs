import { PGlite } from '@electric-sql/pglite';
import { readFileSync, readdirSync } from 'node:fs';
const dir='/tmp/member-portal-test-images'; const f=readdirSync(dir).find(n=>n.startsWith('pglite-'));
const img=new Blob([readFileSync(dir+'/'+f)]);
async function open(opts,label){const c0=process.cpuUsage(); const t=performance.now();
const a=await PGlite.create('memory://',{loadDataDir:img,...opts}); await a.query('select 1');
const u=process.cpuUsage(c0); console.log(label, Math.round(performance.now()-t), Math.round((u.user+u.system)/1000)); return a;}
await open({},'plain');
await open({},'plain2');
const c0=process.cpuUsage();
const mod=await WebAssembly.compile(readFileSync('node_modules/@electric-sql/pglite/dist/pglite.wasm'));
const bundle=new Blob([readFileSync('node_modules/@electric-sql/pglite/dist/pglite.data')]);
console.log('compile', process.cpuUsage(c0));
await open({pgliteWasmModule:mod, fsBundle:bundle},'cached');
await open({pgliteWasmModule:mod, fsBundle:bundle},'cached2');
