import fc from 'fast-check';
import { validObject } from './src/generators/index.ts';
const arb = validObject('praxis', 'task'); let seed = 1;
const t = performance.now(); let n = 0;
while (performance.now() - t < 4000) { fc.sample(arb, { seed: seed++, numRuns: 1000 }); n += 1000; }
console.log(Math.round(n / (performance.now() - t) * 1000));
