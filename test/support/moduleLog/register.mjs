// Node `--import` module for the bundled-CLI test: registers hooks that log every module loaded.
import { register } from 'node:module';

register(new URL('./hooks.mjs', import.meta.url));
