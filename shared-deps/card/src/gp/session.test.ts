/** GpSession against the virtual card's card manager (in process): the whole applet upload and its failures. */
import { VirtualPivCard } from '../virtual/VirtualPivCard';
import { PivSession } from '../piv/session';
import { buildCapFile } from './cap-builder';
import { parseCap } from './cap';
import { DEFAULT_SCP03_KEY, GpError, GpSession, ISD_AID, STATUS_SCOPE } from './session';
import { SECURITY_LEVEL } from './scp03';

const key = Buffer.from(DEFAULT_SCP03_KEY, 'hex');
const keys = { enc: key, mac: key, dek: key };
const PKG = 'A0000008880101';
const APPLETS = ['A000000888010101', 'A000000888010102'];

function transportOf(card: VirtualPivCard, log?: Buffer[]) {
  return {
    transmit: async (command: Buffer) => {
      log?.push(Buffer.from(command));
      return card.process(command);
    },
  };
}

describe('GpSession with the virtual card manager', () => {
  const cap = parseCap(buildCapFile({ packageAid: PKG, appletAids: APPLETS, version: '1.2', methodBytes: 700 }));

  it.each([
    ['C-MAC and C-DECRYPTION', SECURITY_LEVEL.C_DECRYPTION_C_MAC],
    ['C-MAC only', SECURITY_LEVEL.C_MAC],
  ])('loads, installs, lists and deletes an applet (%s)', async (_name, level) => {
    const card = new VirtualPivCard();
    const log: Buffer[] = [];
    const gp = new GpSession(transportOf(card, log));
    await gp.select(ISD_AID);
    await gp.openSecureChannel(keys, { securityLevel: level });
    await gp.installForLoad(cap.packageAid);
    const progress: number[] = [];
    const blocks = await gp.load(cap.loadFile, (sent) => progress.push(sent));
    expect(blocks).toBeGreaterThan(3);
    expect(progress).toEqual(Array.from({ length: blocks }, (_, i) => i + 1));
    for (const aid of APPLETS) await gp.installForInstall(cap.packageAid, aid);
    expect(await gp.getStatus(STATUS_SCOPE.APPLICATIONS)).toEqual(APPLETS.map((aid) => expect.objectContaining({ aid, lifeCycle: 0x07 })));
    expect(await gp.getStatus(STATUS_SCOPE.LOAD_FILES_AND_MODULES)).toEqual([{ aid: PKG, lifeCycle: 1, version: '1.2', modules: APPLETS }]);
    // Every command after INITIALIZE UPDATE went with secure messaging (CLA 84); with C-DECRYPTION the plain AIDs never show.
    const secure = log.filter((c) => c[1] !== 0xa4 && c[1] !== 0x50);
    expect(secure.every((c) => c[0] === 0x84)).toBe(true);
    const loadCommands = log.filter((c) => c[1] === 0xe8);
    const pkgHex = PKG.toLowerCase();
    expect(loadCommands.some((c) => c.toString('hex').includes(pkgHex))).toBe(level === SECURITY_LEVEL.C_MAC);
    // The installed applets answer SELECT; an unknown AID does not; PIV still works beside them.
    await gp.select(APPLETS[0]);
    await expect(gp.select('A000000888019999')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await new PivSession(transportOf(card)).select();
    // DELETE with related objects removes the load file and its applets.
    await gp.select(ISD_AID);
    await gp.openSecureChannel(keys, { securityLevel: level });
    await expect(gp.delete(PKG)).rejects.toMatchObject({ code: 'CARD', sw: 0x6985 });
    await gp.delete(APPLETS[1]!);
    expect((await gp.getStatus(STATUS_SCOPE.APPLICATIONS)).map((e) => e.aid)).toEqual([APPLETS[0]]);
    await gp.delete(PKG, true);
    expect(await gp.getStatus(STATUS_SCOPE.APPLICATIONS)).toEqual([]);
    expect(await gp.getStatus(STATUS_SCOPE.LOAD_FILES)).toEqual([]);
    await expect(gp.select(APPLETS[0])).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses wrong card keys at the card cryptogram, before EXTERNAL AUTHENTICATE', async () => {
    const card = new VirtualPivCard();
    const log: Buffer[] = [];
    const gp = new GpSession(transportOf(card, log));
    await gp.select();
    const wrong = Buffer.alloc(16, 0x11);
    await expect(gp.openSecureChannel({ enc: wrong, mac: wrong, dek: wrong })).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    expect(log.some((c) => c[1] === 0x82)).toBe(false);
    await expect(gp.installForLoad(PKG)).rejects.toBeInstanceOf(GpError);
  });

  it('a card with its own keys accepts only those', async () => {
    const own = { enc: Buffer.alloc(16, 0x21), mac: Buffer.alloc(16, 0x22), dek: Buffer.alloc(16, 0x23) };
    const card = new VirtualPivCard({ gpKeys: own });
    const gp = new GpSession(transportOf(card));
    await gp.select();
    await expect(gp.openSecureChannel(keys)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    await gp.openSecureChannel(own);
    expect(await gp.getStatus(STATUS_SCOPE.ISD)).toEqual([expect.objectContaining({ aid: ISD_AID, lifeCycle: 0x0f })]);
  });

  it('the card rejects a command whose C-MAC was changed and closes the channel', async () => {
    const card = new VirtualPivCard();
    let tamper = false;
    const gp = new GpSession({
      transmit: async (command: Buffer) => {
        const c = Buffer.from(command);
        if (tamper && c[0] === 0x84) c[c.length - 2] = c[c.length - 2]! ^ 0x01;
        return card.process(c);
      },
    });
    await gp.select();
    await gp.openSecureChannel(keys);
    tamper = true;
    await expect(gp.installForLoad(PKG)).rejects.toMatchObject({ sw: 0x6982 });
    tamper = false;
    // The card dropped the session: even a good MAC is refused until a new channel.
    await expect(gp.getStatus(STATUS_SCOPE.APPLICATIONS)).rejects.toMatchObject({ sw: 0x6982 });
    await gp.openSecureChannel(keys);
    expect(await gp.getStatus(STATUS_SCOPE.APPLICATIONS)).toEqual([]);
  });

  it('refuses a secure command without a secure channel', async () => {
    const gp = new GpSession(transportOf(new VirtualPivCard()));
    await gp.select();
    await expect(gp.getStatus(STATUS_SCOPE.APPLICATIONS)).rejects.toMatchObject({ code: 'NO_CHANNEL' });
  });
});
