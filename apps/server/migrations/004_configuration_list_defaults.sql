-- Configurations made before these lists were part of every new configuration get them empty, so that
-- every configuration answers the contract's full shape.
UPDATE configurations
   SET settings = jsonb_build_object(
         'alert_trigger_keywords', '[]'::jsonb,
         'anonimize_exceptions', '[]'::jsonb,
         'reporting_recipients', '[]'::jsonb
       ) || settings
 WHERE NOT (settings ? 'alert_trigger_keywords' AND settings ? 'anonimize_exceptions' AND settings ? 'reporting_recipients');
