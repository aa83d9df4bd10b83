// The package's entry points install the built-in API set before anything reads it; tests that import
// the layers' own modules (src/contract/..., src/handlers/...) get the same set installed here.
import '../../src/apis/install.js';
