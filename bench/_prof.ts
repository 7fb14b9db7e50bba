import { makeWorkload } from './workloads';
import { runCall } from '../src/engine/run';
import { MemoryFs } from '../src/workspace/memory-fs';
const w = makeWorkload('D2t');
const fs = new MemoryFs(w.files);
const times: number[] = [];
for (let i = 0; i < 20; i++) { const t = performance.now(); await runCall(fs, w.profile, w.input); times.push(performance.now() - t); }
times.sort((a, b) => a - b); console.log('median', times[10]!.toFixed(1));
