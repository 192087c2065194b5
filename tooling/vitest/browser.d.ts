export declare function systemChromium(): string | undefined;
export declare const CHROMIUM_ARGS: string[];
export declare function chromiumLaunchOptions(): { args: string[]; executablePath?: string };
