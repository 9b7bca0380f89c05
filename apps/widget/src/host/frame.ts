import { postToHost } from './bridge.ts';

/** True when the widget runs inside a partner's iframe (host messages are accepted only then). */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent throws on access: that is a frame too.
    return true;
  }
}

interface NativeWebView {
  postMessage(message: string): void;
}

/**
 * Tells the host page the person closed the widget ('close', with an error slug),
 * and a native app's webview, which hears a plain 'close'.
 */
export function postClose(error?: string): boolean {
  const webView = (window as Window & { ReactNativeWebView?: NativeWebView }).ReactNativeWebView;
  webView?.postMessage('close');
  return postToHost('close', error ? { error } : {});
}
