/**
 * Imports every module the views load lazily and hands it over: imported by the synchronous entry
 * points (`createApi`, `exportFixtures`, the arbitraries), whose callers cannot wait for a load.
 */
import * as catalogue from '../../generators/contracts/contractArtifacts.js';
import * as openapi from '../openapi/openApiDocument.js';
import * as abi from '../views/decodedInput.js';
import { heavy } from '../domain/lazyModules.js';
import * as nftMetadata from '../domain/nftMetadata.js';
import * as address from 'ox/Address';

heavy.catalogue.provide(catalogue);
heavy.abi.provide(abi);
heavy.nftMetadata.provide(nftMetadata);
heavy.openapi.provide(openapi);
heavy.address.provide(address);
