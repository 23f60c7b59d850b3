export declare const PACKAGES: string[];
export interface SourcesStamp {
  files: number;
  newest: number;
}
export declare function sourcesStamp(root: string): SourcesStamp;
