import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default: on a busy machine a screen may take longer to show what a rep
// would see. The wait ends as soon as it does, so a fast machine loses nothing.
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => cleanup());
