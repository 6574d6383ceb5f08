// Types of measure-tsc.mjs, for the tests that import it.
import type { CatalogModel } from '../plugin/model/catalog-model';
export declare function handWrittenRegistry(
  model: CatalogModel,
  shape?: 'annotated' | 'checked',
): string;
export declare function measureTsc(ctx: unknown, size: number): Promise<unknown>;
