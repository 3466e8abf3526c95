/** Smartcard applet calls (issue 16; signin §7 SmartcardApplets, SmartcardApplet, AddSmartcardApplet, BatchAppletUpload; docs/api.md "Smartcard applets"). */
import type { AppletSortKey, AppletUploadResult, SmartcardApplet } from '@tessera/domain';
import type { HttpSend } from './http';

const P = '/api2/CMS-v2';

/** A page of the applet catalogue. */
export interface AppletPage {
  applets: SmartcardApplet[];
  total: number;
  page: number;
  pageSize: number;
}

/** The applet calls (smartcardManage). */
export interface AppletsCalls {
  /** `GET SmartcardApplets?search&sort&order&page&pageSize`. */
  listApplets(query?: { search?: string; sort?: AppletSortKey; order?: 'asc' | 'desc'; page?: number; pageSize?: number }): Promise<AppletPage>;
  /** `GET SmartcardApplet?applet_id`. */
  getApplet(appletId: string): Promise<SmartcardApplet>;
  /** `POST AddSmartcardApplet {name, description?, fileName, cap (base64)}` (201). */
  addApplet(input: { name: string; description?: string | null; fileName: string; cap: string }): Promise<SmartcardApplet>;
  /** `PATCH SmartcardApplet {applet_id, name?, description?}`. */
  updateApplet(input: { applet_id: string; name?: string; description?: string | null }): Promise<SmartcardApplet>;
  /** `DELETE SmartcardApplet {applet_id}` (204). */
  deleteApplet(appletId: string): Promise<void>;
  /** `POST /api2/{v}/BatchAppletUpload {reader, card_count, applet_id, skip_cards?}`. */
  batchAppletUpload(request: { reader: string; card_count: number; applet_id: string; skip_cards?: string[] }, v?: 'CMS-v1' | 'CMS-v2'): Promise<AppletUploadResult>;
}

/** The applet calls over `send`. */
export function appletsCalls(send: HttpSend): AppletsCalls {
  return {
    listApplets: (query = {}) => {
      const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
      const qs = params.toString();
      return send({ method: 'GET', path: qs ? `${P}/SmartcardApplets?${qs}` : `${P}/SmartcardApplets` });
    },
    getApplet: (appletId) => send({ method: 'GET', path: `${P}/SmartcardApplet?${new URLSearchParams({ applet_id: appletId }).toString()}` }),
    addApplet: (input) => send({ method: 'POST', path: `${P}/AddSmartcardApplet`, body: input }),
    updateApplet: (input) => send({ method: 'PATCH', path: `${P}/SmartcardApplet`, body: input }),
    deleteApplet: (appletId) => send({ method: 'DELETE', path: `${P}/SmartcardApplet`, body: { applet_id: appletId } }),
    batchAppletUpload: (request, v = 'CMS-v2') => send({ method: 'POST', path: `/api2/${v}/BatchAppletUpload`, body: request }),
  };
}
