// Renders Railyard's own OpenAPI document with Swagger UI, from files served beside this one:
// no CDN, no validator badge (it would call a public validator), no telemetry.
window.addEventListener('load', () => {
  window.ui = window.SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    tryItOutEnabled: false,
    persistAuthorization: false,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // Requests from "Try it out" name the newest API version unless the operation sets its own.
    requestInterceptor: (request) => {
      if (!request.headers['X-Moov-Version'] && !request.headers['x-moov-version']) request.headers['X-Moov-Version'] = 'v2026.01.00';
      return request;
    },
  });
});
