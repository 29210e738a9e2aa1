/**
 * The fuzz suite (helpers/fuzz-suite.ts) against a server in the production configuration, the
 * one `npm start` runs: every contract operation, every /mcp tool and the share/HTML routes get
 * generated valid-shaped and hostile requests; none answers 5xx or a stack.
 */
import { fuzzSuite } from './helpers/fuzz-suite.js';

fuzzSuite('production');
