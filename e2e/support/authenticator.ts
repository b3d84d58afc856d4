import { generate } from 'otplib';

/**
 * The codes an authenticator app would show, made from the secret Settings showed. The server refuses a
 * code of a time step it already accepted and takes at most one step ahead of its clock, so each code is
 * of the step after the last one used, waiting for the clock when that step is further ahead.
 */
export function authenticatorApp(secret: string) {
  let lastStep = 0;
  return async () => {
    const step = Math.max(Math.floor(Date.now() / 30_000), lastStep + 1);
    while (step > Math.floor(Date.now() / 30_000) + 1)
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    lastStep = step;
    return generate({ secret, epoch: step * 30 });
  };
}
