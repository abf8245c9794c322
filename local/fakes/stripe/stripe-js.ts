// A Stripe.js (v3) stand-in served by the local Stripe stand-in at GET /v3, so that @stripe/stripe-js (which uses a
// `window.Stripe` already on the page) and @stripe/react-stripe-js render and pay against it. Elements are plain
// labelled inputs in the page (no iframes): `card` (Card number, Expiration date, CVC, ZIP) and `address` (Full name,
// Address line 1, City, Postal code, Country). createPaymentMethod, confirmCardPayment, handleNextAction, handleCardAction,
// confirmCardSetup and retrievePaymentIntent call the stand-in with the publishable key, as Stripe.js does; a
// PaymentIntent that needs 3-D Secure opens a dialog "3D Secure 2 Test Page" with the buttons "Complete
// authentication" and "Fail authentication". Only the local stack serves it; production loads the real Stripe.js.

export function stripeJsSource(baseUrl: string): string {
  return `(() => {
  const BASE = ${JSON.stringify(baseUrl)};
  const form = (o, prefix, out) => {
    out = out || [];
    for (const [k, v] of Object.entries(o)) {
      if (v === undefined || v === null) continue;
      const key = prefix ? prefix + '[' + k + ']' : k;
      if (typeof v === 'object') form(v, key, out); else out.push(encodeURIComponent(key) + '=' + encodeURIComponent(String(v)));
    }
    return out.join('&');
  };
  const idOfSecret = (secret) => String(secret || '').split('_secret_')[0];

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) throw new Error('Invalid value for Stripe(): apiKey should be a publishable key.');
    const headers = { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' };
    if (options && options.stripeAccount) headers['stripe-account'] = options.stripeAccount;
    const api = async (method, path, params) => {
      const res = await fetch(BASE + path + (method === 'GET' && params ? '?' + form(params) : ''), { method, headers, body: method === 'GET' ? undefined : form(params || {}) });
      const body = await res.json();
      return res.ok ? { ok: true, body } : { ok: false, error: body.error };
    };
    const registry = new Map();

    const cardFields = [['number', 'Card number', '1234 1234 1234 1234'], ['exp', 'Expiration date', 'MM / YY'], ['cvc', 'CVC', 'CVC'], ['postal', 'ZIP', 'ZIP']];
    const addressFields = [['name', 'Full name'], ['line1', 'Address line 1'], ['city', 'City'], ['postal_code', 'Postal code'], ['country', 'Country']];

    function makeElement(type, opts) {
      const handlers = {};
      const emit = (ev, payload) => (handlers[ev] || []).forEach((fn) => fn(payload));
      const inputs = {};
      let root = null;
      const fields = type === 'address' ? addressFields : cardFields;
      const values = () => Object.fromEntries(Object.entries(inputs).map(([k, el]) => [k, el.value.trim()]));
      const state = () => {
        const v = values();
        if (type === 'address') {
          const complete = !!(v.name && v.line1 && v.city && v.postal_code && v.country);
          return { elementType: 'address', complete, empty: !Object.values(v).some(Boolean), value: { name: v.name, address: { line1: v.line1, line2: null, city: v.city, state: null, postal_code: v.postal_code, country: (v.country || '').toUpperCase() } } };
        }
        const digits = (v.number || '').replace(/\\D/g, '');
        const complete = digits.length >= 13 && /^\\d{2}\\s*\\/\\s*\\d{2}$/.test(v.exp || '') && /^\\d{3,4}$/.test(v.cvc || '') && !!v.postal;
        const brand = digits.startsWith('4') ? 'visa' : digits.startsWith('5') ? 'mastercard' : digits.startsWith('3') ? 'amex' : 'unknown';
        return { elementType: 'card', complete, empty: !Object.values(v).some(Boolean), error: undefined, brand, value: { postalCode: v.postal } };
      };
      const element = {
        _type: type,
        _values: values,
        _state: state,
        mount(target) {
          const node = typeof target === 'string' ? document.querySelector(target) : target;
          if (!node) throw new Error('Stripe stand-in: mount target not found');
          root = document.createElement('div');
          root.setAttribute('data-stripe-element', type);
          for (const [name, label, placeholder] of fields) {
            const input = document.createElement('input');
            input.setAttribute('aria-label', label);
            input.setAttribute('name', name);
            input.setAttribute('placeholder', placeholder || label);
            input.addEventListener('input', () => emit('change', state()));
            input.addEventListener('focus', () => emit('focus', { elementType: type }));
            input.addEventListener('blur', () => emit('blur', { elementType: type }));
            inputs[name] = input;
            root.appendChild(input);
          }
          const d = opts && opts.defaultValues;
          if (d) {
            if (d.name && inputs.name) inputs.name.value = d.name;
            for (const [k, v] of Object.entries(d.address || {})) if (inputs[k] && v) inputs[k].value = v;
          }
          node.appendChild(root);
          setTimeout(() => emit('ready', { elementType: type }), 0);
        },
        on(ev, fn) { (handlers[ev] = handlers[ev] || []).push(fn); return element; },
        off(ev, fn) { handlers[ev] = (handlers[ev] || []).filter((f) => f !== fn); return element; },
        once(ev, fn) { const w = (p) => { element.off(ev, w); fn(p); }; return element.on(ev, w); },
        update() {},
        focus() { const first = Object.values(inputs)[0]; if (first) first.focus(); },
        blur() {},
        clear() { Object.values(inputs).forEach((i) => { i.value = ''; }); emit('change', state()); },
        unmount() { if (root && root.parentNode) root.parentNode.removeChild(root); },
        destroy() { element.unmount(); registry.delete(type); },
        async getValue() { return state(); },
        collapse() {},
      };
      return element;
    }

    const elementsGroup = (opts) => ({
      create(type, o) { const el = makeElement(type, o); registry.set(type, el); return el; },
      getElement(type) { return registry.get(type) || null; },
      update() {},
      fetchUpdates: async () => ({}),
      submit: async () => ({}),
    });

    async function createCardPaymentMethod(card, billing_details) {
      const v = card._values();
      const [month, year] = String(v.exp || '').split('/').map((s) => s.trim());
      const result = await api('POST', '/v1/payment_methods', {
        type: 'card', card: { number: (v.number || '').replace(/\\D/g, ''), exp_month: month, exp_year: year ? '20' + year : undefined, cvc: v.cvc },
        billing_details: { ...(billing_details || {}), address: { ...((billing_details || {}).address || {}), postal_code: v.postal || undefined } },
      });
      return result.ok ? { paymentMethod: result.body } : { error: result.error };
    }

    function challenge(pi) {
      return new Promise((resolve) => {
        const overlay = document.createElement('div');
        overlay.setAttribute('role', 'dialog');
        overlay.setAttribute('aria-label', '3D Secure 2 Test Page');
        overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647';
        const box = document.createElement('div');
        box.style.cssText = 'background:#fff;padding:24px;border-radius:8px;font-family:sans-serif';
        box.innerHTML = '<h2>3D Secure 2 Test Page</h2><p>Complete or fail this test authentication.</p>';
        for (const [label, outcome] of [['Complete authentication', 'complete'], ['Fail authentication', 'fail']]) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = label;
          button.addEventListener('click', async () => {
            await fetch(BASE + '/__3ds/' + pi.id + '/' + outcome, { method: 'POST' });
            overlay.remove();
            resolve();
          });
          box.appendChild(button);
        }
        overlay.appendChild(box);
        document.body.appendChild(overlay);
      });
    }

    async function afterAction(clientSecret) {
      const got = await api('GET', '/v1/payment_intents/' + idOfSecret(clientSecret), { client_secret: clientSecret });
      if (!got.ok) return { error: got.error };
      const pi = got.body;
      if (pi.status === 'requires_payment_method' && pi.last_payment_error) return { error: { ...pi.last_payment_error, payment_intent: pi } };
      return { paymentIntent: pi };
    }

    async function paymentMethodParam(data) {
      const pm = data && data.payment_method;
      if (!pm) return { id: undefined };
      if (typeof pm === 'string') return { id: pm };
      if (pm.card) {
        const made = await createCardPaymentMethod(pm.card, pm.billing_details);
        return made.error ? { error: made.error } : { id: made.paymentMethod.id };
      }
      return { id: undefined };
    }

    const stripe = {
      elements: elementsGroup,
      async createPaymentMethod(params) {
        const card = params.card || (params.elements && params.elements.getElement('card'));
        if (!card) return { error: { type: 'validation_error', message: 'Card or address form is missing' } };
        if (!card._state().complete) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
        return createCardPaymentMethod(card, params.billing_details || (params.params && params.params.billing_details));
      },
      async createToken() { return { error: { type: 'invalid_request_error', message: 'Tokens are not supported by the local Stripe stand-in.' } }; },
      async confirmCardPayment(clientSecret, data, opts) {
        const pm = await paymentMethodParam(data);
        if (pm.error) return { error: pm.error };
        const confirmed = await api('POST', '/v1/payment_intents/' + idOfSecret(clientSecret) + '/confirm', { client_secret: clientSecret, payment_method: pm.id });
        if (!confirmed.ok) return { error: confirmed.error };
        if (confirmed.body.status === 'requires_action' && !(opts && opts.handleActions === false)) {
          await challenge(confirmed.body);
          return afterAction(clientSecret);
        }
        return { paymentIntent: confirmed.body };
      },
      // The 3-D Secure step of a PaymentIntent the server confirmed (automatic confirmation: it completes itself).
      async handleNextAction(options) {
        const clientSecret = options && options.clientSecret;
        const got = await api('GET', '/v1/payment_intents/' + idOfSecret(clientSecret), { client_secret: clientSecret });
        if (!got.ok) return { error: got.error };
        if (got.body.status !== 'requires_action') return { paymentIntent: got.body };
        await challenge(got.body);
        return afterAction(clientSecret);
      },
      // The manual-confirmation flow's step, as Stripe.js has it.
      async handleCardAction(clientSecret) {
        const got = await api('GET', '/v1/payment_intents/' + idOfSecret(clientSecret), { client_secret: clientSecret });
        if (!got.ok) return { error: got.error };
        if (got.body.status !== 'requires_action') return { paymentIntent: got.body };
        await challenge(got.body);
        return afterAction(clientSecret);
      },
      async retrievePaymentIntent(clientSecret) { return afterAction(clientSecret); },
      async confirmCardSetup(clientSecret, data) {
        const pm = await paymentMethodParam(data);
        if (pm.error) return { error: pm.error };
        const confirmed = await api('POST', '/v1/setup_intents/' + idOfSecret(clientSecret) + '/confirm', { client_secret: clientSecret, payment_method: pm.id });
        return confirmed.ok ? { setupIntent: confirmed.body } : { error: confirmed.error };
      },
      paymentRequest() { return { canMakePayment: async () => null, on() {}, show() {} }; },
      registerAppInfo() {},
      _registerWrapper() {},
    };
    return stripe;
  }
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
`;
}
