import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentGateway } from '@reportsaathi/contracts';
import type { AppDeps } from '../../context';
import { AppError, badRequest } from '../../kernel/errors';
import { getBoolSetting, getStringSetting } from '../../platform/settings/settings.service';

/**
 * The payment gateways. `razorpay` creates an order through Razorpay's Orders API and accepts a
 * payment only when Checkout's signature is the HMAC-SHA256 of "order_id|payment_id" under the key
 * secret (Razorpay's documented check). `sandbox` completes payments without any network, so the
 * whole upgrade flow can be tried on a laptop. It exists only outside production (NODE_ENV is not
 * 'production') and while the `payment_sandbox_enabled` setting is on: in production no setting,
 * request or stored order can reach it, so a client naming it cannot get a paid plan for nothing.
 * The gateway a payment is verified with is the one stored on its order, never the client's word.
 */

export const SIGNATURE_FAILED = 'Payment verification failed: the signature does not match.';

interface RazorpayKeys {
  keyId: string;
  keySecret: string;
}

async function razorpayKeys(deps: AppDeps): Promise<RazorpayKeys | null> {
  const keySecret =
    (await getStringSetting(deps.db, 'razorpay_key_secret')) || deps.env.RAZORPAY_KEY_SECRET || '';
  const keyId = (await getStringSetting(deps.db, 'razorpay_key_id')) || deps.env.RAZORPAY_KEY_ID || '';
  return keySecret ? { keyId, keySecret } : null;
}

/** The sandbox: never in production; elsewhere while the operator's setting is on (the default). */
export async function sandboxEnabled(deps: AppDeps): Promise<boolean> {
  if (deps.env.NODE_ENV === 'production') return false;
  return getBoolSetting(deps.db, 'payment_sandbox_enabled');
}

export async function listGateways(deps: AppDeps): Promise<PaymentGateway[]> {
  const sandbox = await sandboxEnabled(deps);
  const razorpay = !!(await razorpayKeys(deps));
  return [
    {
      id: 'razorpay',
      name: 'Razorpay (UPI, cards, netbanking)',
      enabled: razorpay,
      description: razorpay ? 'Pay with UPI, cards or netbanking' : 'Not configured',
    },
    {
      id: 'sandbox',
      name: 'Sandbox (test payments)',
      enabled: sandbox,
      description: 'Completes the payment at once without charging anything',
    },
  ];
}

/** The gateway to use: the one asked for (it must be enabled), else the first enabled one. */
export async function pickGateway(deps: AppDeps, asked: string | undefined): Promise<string> {
  const gateways = await listGateways(deps);
  const enabled = gateways.filter((g) => g.enabled);
  if (asked) {
    const g = gateways.find((x) => x.id === asked);
    if (!g)
      throw badRequest(
        `Unknown payment gateway: ${asked}. Available: ${enabled.map((e) => e.id).join(', ') || 'none'}`,
      );
    if (!g.enabled) throw badRequest(`The ${asked} payment gateway is not available`);
    return g.id;
  }
  if (!enabled.length) throw new AppError(503, 'No payment gateway is available. Please try again later.');
  return enabled[0].id;
}

export interface GatewayOrder {
  orderId: string;
  keyId: string | null;
}

/** Creates the order the user pays (Razorpay's Orders API, or a local sandbox id). */
export async function createOrder(
  deps: AppDeps,
  gateway: string,
  amountPaise: number,
  receipt: string,
): Promise<GatewayOrder> {
  if (gateway === 'sandbox') {
    if (!(await sandboxEnabled(deps))) throw badRequest('The sandbox payment gateway is not available');
    return { orderId: `sandbox_order_${randomBytes(9).toString('hex')}`, keyId: null };
  }
  const keys = await razorpayKeys(deps);
  if (gateway !== 'razorpay' || !keys) throw badRequest(`The ${gateway} payment gateway is not available`);
  const orderId = await razorpayPost(
    deps,
    keys,
    '/v1/orders',
    { amount: amountPaise, currency: 'INR', receipt },
    'The payment gateway refused to create the order. Please try again.',
  );
  return { orderId, keyId: keys.keyId || null };
}

/**
 * Returns a payment's whole amount to the payer: Razorpay's Refunds API, or a local id for the
 * sandbox. Returns the gateway's refund id.
 */
export async function refundThroughGateway(
  deps: AppDeps,
  gateway: string,
  gatewayPaymentId: string | null,
  amountPaise: number,
): Promise<string> {
  if (gateway === 'sandbox') return `sandbox_refund_${randomBytes(9).toString('hex')}`;
  const keys = await razorpayKeys(deps);
  if (gateway !== 'razorpay' || !keys)
    throw new AppError(409, `The ${gateway} payment gateway is not configured, so it cannot refund`);
  if (!gatewayPaymentId) throw new AppError(409, 'This payment has no gateway payment id to refund');
  return razorpayPost(
    deps,
    keys,
    `/v1/payments/${encodeURIComponent(gatewayPaymentId)}/refund`,
    { amount: amountPaise },
    'The payment gateway refused the refund. Nothing was changed.',
  );
}

/**
 * One call to Razorpay's API with the key pair, returning the id of what it created; a network
 * failure or a refusal is a 502 with `refused` as its message.
 */
async function razorpayPost(
  deps: AppDeps,
  keys: RazorpayKeys,
  path: string,
  payload: Record<string, unknown>,
  refused: string,
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${deps.env.RAZORPAY_API_URL.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`,
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new AppError(502, 'The payment gateway could not be reached. Please try again.');
  }
  const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
  if (!res.ok || typeof body?.id !== 'string') throw new AppError(502, refused);
  return body.id;
}

/** Razorpay's signature of a payment: hex HMAC-SHA256 of "order_id|payment_id" under the key secret. */
export function razorpaySignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * Checks what the client says the gateway answered. Returns the order and the gateway's payment
 * id when it proves a payment, or throws a 400 saying what is wrong.
 */
export async function verifyTransaction(
  deps: AppDeps,
  gateway: string,
  data: Record<string, unknown>,
): Promise<{ orderId: string; paymentId: string }> {
  if (gateway === 'sandbox') {
    if (!(await sandboxEnabled(deps))) throw badRequest('The sandbox payment gateway is not available');
    const orderId = str(data.order_id);
    if (!orderId) throw badRequest('transaction_data.order_id is required');
    return { orderId, paymentId: `sandbox_pay_${randomBytes(9).toString('hex')}` };
  }
  if (gateway === 'razorpay') {
    const keys = await razorpayKeys(deps);
    if (!keys) throw badRequest('The razorpay payment gateway is not available');
    const orderId = str(data.razorpay_order_id);
    const paymentId = str(data.razorpay_payment_id);
    const signature = str(data.razorpay_signature);
    if (!orderId || !paymentId || !signature)
      throw badRequest(
        'transaction_data needs razorpay_order_id, razorpay_payment_id and razorpay_signature',
      );
    if (!sameText(razorpaySignature(orderId, paymentId, keys.keySecret), signature.toLowerCase()))
      throw badRequest(SIGNATURE_FAILED);
    return { orderId, paymentId };
  }
  throw badRequest(`Unknown payment gateway: ${gateway}`);
}
