/**
 * The fuzz suite (helpers/fuzz-suite.ts) against a server in the development configuration
 * (`npm run dev`): stacks are on for real faults and every answer is checked against the
 * contract's response schema, so a handler answering a shape the contract does not allow
 * shows up here as a 500.
 */
import { fuzzSuite } from './helpers/fuzz-suite.js';

fuzzSuite('development');
