/**
 * Payloads that have run code in one sanitiser or another (OWASP XSS filter evasion cheat sheet, mutation
 * XSS papers). Each sets \`window.__xss\` when it runs; the unit test and the browser test both check it never is.
 */
export const xssCorpus = [
  `<script>window.__xss = 1</script>`,
  `<img src=x onerror="window.__xss = 1">`,
  `<svg onload="window.__xss = 1"><script>window.__xss = 1</script></svg>`,
  `<a href="javascript:window.__xss = 1">click</a>`,
  `<a href=" jAvAsCrIpT:window.__xss=1">click</a>`,
  `<a href="data:text/html,<script>window.__xss=1</script>">data</a>`,
  `<iframe src="javascript:window.__xss=1"></iframe>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1"></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=window.__xss=1>"></noscript>`,
  `<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=window.__xss=1 src>">`,
  `<div style="background:url(javascript:window.__xss=1)">styled</div>`,
  `<details open ontoggle="window.__xss=1">`,
  `<body onload="window.__xss=1">`,
  `<object data="javascript:window.__xss=1"></object>`,
  `<template><img src=x onerror="window.__xss=1"></template>`,
  `<p>fine <b onclick="window.__xss=1">bold</b></p>`,
];
