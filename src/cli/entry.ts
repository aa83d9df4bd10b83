// The executable entry: `npm start`, `npm run cli`, the bin and the bundled CLI start here.
import { main } from './main.js';

await main();
