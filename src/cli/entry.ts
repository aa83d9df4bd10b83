// The executable entry: `npm start`, `npm run cli`, the bin and the bundled CLI start here.
import '../apis/install.js';
import { main } from './main.js';

await main();
