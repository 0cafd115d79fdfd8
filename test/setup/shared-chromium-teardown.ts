import { stopSharedChromium } from './shared-chromium';

/** The browser project's global teardown: see shared-chromium.ts. */
export default stopSharedChromium;
