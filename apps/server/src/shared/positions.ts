/**
 * Whether a user holds open stock positions (spec §5: no withdrawal while stocks are held). The trading
 * module owns positions and answers (`hasOpenPositions` in its repo); app.ts hands it to the funds area.
 */
export type OpenPositionsCheck = (userId: bigint) => Promise<boolean>;
